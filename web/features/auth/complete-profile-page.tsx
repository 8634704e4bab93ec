import { Link } from "@tanstack/react-router";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import { AuthCard } from "./auth-layout";

export const BIO_MAX_LENGTH = 200;

function todayIso(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A local preview of a chosen image; nothing is uploaded until the profile can be saved. */
function ImagePicker({ label, shape }: { label: string; shape: "circle" | "wide" }) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);

  const choose = (file: File | null) => setPreview(file ? URL.createObjectURL(file) : null);
  // Each object URL holds its file in memory until revoked: free it once replaced or unmounted.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-foreground" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex items-center gap-3">
        <div
          className={cn(
            "flex shrink-0 items-center justify-center overflow-hidden border border-dashed border-input bg-muted text-muted-foreground",
            shape === "circle" ? "h-20 w-20 rounded-full" : "h-20 w-36 rounded-xl",
          )}
        >
          {preview ? (
            <img src={preview} alt="" className="h-full w-full object-cover" />
          ) : (
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-col items-start gap-1">
          <label
            htmlFor={id}
            className="cursor-pointer rounded-lg border border-input px-3 py-1.5 text-sm font-medium text-foreground hover:bg-muted has-[:focus-visible]:outline-2"
          >
            {t("profileWizard.chooseImage")}
            <input
              id={id}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-labelledby={`${id}-label`}
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                e.target.value = "";
              }}
            />
          </label>
          {preview && (
            <button
              type="button"
              onClick={() => choose(null)}
              className="inline-flex items-center gap-1 text-sm text-destructive-text hover:underline"
            >
              <X className="h-4 w-4" aria-hidden="true" />
              {t("profileWizard.removeImage")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

export function CompleteProfilePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"basic" | "additional">("basic");
  const [bio, setBio] = useState("");
  const [profession, setProfession] = useState("");
  const [location, setLocation] = useState("");
  const [website, setWebsite] = useState("");
  const [birthDate, setBirthDate] = useState("");
  const maxDate = todayIso();
  const birthDateError = birthDate && birthDate > maxDate ? t("profileWizard.birthDateFuture") : null;

  return (
    <AuthCard title={t("profileWizard.title")} description={t("profileWizard.description")} wide>
      <Tabs value={tab} onValueChange={(v) => setTab(v as "basic" | "additional")}>
        <TabList label={t("profileWizard.title")}>
          <Tab value="basic">{t("profileWizard.basicTab")}</Tab>
          <Tab value="additional">{t("profileWizard.additionalTab")}</Tab>
        </TabList>
        <TabPanel value="basic" className="mt-6 space-y-5">
          <ImagePicker label={t("profileWizard.profilePicture")} shape="circle" />
          <ImagePicker label={t("profileWizard.coverPhoto")} shape="wide" />
          <Field
            label={t("profileWizard.bio")}
            hint={<span>{t("profileWizard.bioCounter", { length: bio.length, max: BIO_MAX_LENGTH })}</span>}
          >
            <Textarea
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              value={bio}
              onChange={(e) => setBio(e.target.value.slice(0, BIO_MAX_LENGTH))}
              placeholder={t("profileWizard.bioPlaceholder")}
            />
          </Field>
          <div className="flex justify-end">
            <Button onClick={() => setTab("additional")}>{t("profileWizard.next")}</Button>
          </div>
        </TabPanel>
        <TabPanel value="additional" className="mt-6 space-y-4">
          <Field label={t("profileWizard.profession")}>
            <Input value={profession} onChange={(e) => setProfession(e.target.value)} autoComplete="organization-title" />
          </Field>
          <Field label={t("profileWizard.location")}>
            <Input value={location} onChange={(e) => setLocation(e.target.value)} autoComplete="address-level2" />
          </Field>
          <Field label={t("profileWizard.website")}>
            <Input
              type="url"
              value={website}
              onChange={(e) => setWebsite(e.target.value)}
              placeholder="https://"
              autoComplete="url"
            />
          </Field>
          <Field label={t("profileWizard.birthDate")} error={birthDateError}>
            <Input
              type="date"
              max={maxDate}
              value={birthDate}
              onChange={(e) => setBirthDate(e.target.value)}
              autoComplete="bday"
            />
          </Field>
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">{t("profileWizard.savingUnavailable")}</p>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="outline" onClick={() => setTab("basic")}>
              {t("profileWizard.back")}
            </Button>
            <Button disabled>{t("profileWizard.complete")}</Button>
          </div>
        </TabPanel>
      </Tabs>
      <div className="mt-6 border-t border-border pt-4 text-center">
        <Link to="/" className="text-sm font-medium text-link hover:underline">
          {t("profileWizard.skip")}
        </Link>
      </div>
    </AuthCard>
  );
}
