import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BIO_MAX, PROFESSION_MAX, WEBSITE_MAX } from "../../../common/contract/limits";
import { ImageFileField } from "../../components/image-file-field";
import { LocationField } from "../../components/location-field";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { isApiError } from "../../lib/api";
import { todayIso, websiteValue } from "../../lib/profile-fields";
import { fieldErrors, ImageUploadError, useSaveProfile, type ImageChoice } from "../../lib/profile-save";
import { toast } from "../../lib/toast";
import { AuthCard } from "./auth-layout";

type TabName = "basic" | "additional";
const basicFields = new Set(["bio", "avatarUrl", "coverUrl"]);
const noImage: ImageChoice = { file: null, url: null };

/**
 * /auth/complete-profile, right after registration: picture, cover and bio, then profession,
 * location, website and birth date. Empty answers are stored as nothing; 'Skip for now' leaves it all.
 */
export function CompleteProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [tab, setTab] = useState<TabName>("basic");
  const [avatar, setAvatar] = useState<ImageChoice>(noImage);
  const [cover, setCover] = useState<ImageChoice>(noImage);
  const [bio, setBio] = useState("");
  const [profession, setProfession] = useState("");
  const [location, setLocation] = useState("");
  const [website, setWebsite] = useState("");
  const [birthDate, setBirthDate] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const maxDate = todayIso();
  const birthDateError = errors.birthDate ?? (birthDate && birthDate > maxDate ? t("profileWizard.birthDateFuture") : null);
  const saving = save.isPending;
  const fail = (title: string, description: string) => toast({ title, description, variant: "destructive" });

  const complete = () => {
    setErrors({});
    save.mutate(
      {
        fields: { bio, profession, location, website: websiteValue(website), birthDate },
        avatar,
        cover,
        stored: { avatarUrl: null, coverUrl: null },
      },
      {
        onSuccess: () => {
          toast({ title: t("profileWizard.completed"), variant: "success" });
          void navigate({ to: "/" });
        },
        onError: (err) => {
          if (err instanceof ImageUploadError) {
            fail(t("profileWizard.error"), t(err.purpose === "avatar" ? "profileWizard.avatarFailed" : "profileWizard.coverFailed"));
            setTab("basic");
            return;
          }
          if (isApiError(err, 401)) return fail(t("profileWizard.authRequired"), t("profileWizard.authRequiredText"));
          const issues = fieldErrors(err);
          setErrors(issues);
          // Show the tab that holds the first field the server refused.
          const first = Object.keys(issues)[0];
          if (first) setTab(basicFields.has(first) ? "basic" : "additional");
          fail(t("profileWizard.failed"), t("profileWizard.failedText"));
        },
      },
    );
  };

  return (
    <AuthCard title={t("profileWizard.title")} description={t("profileWizard.description")} wide>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (tab === "basic") setTab("additional");
          else complete();
        }}
      >
        <Tabs value={tab} onValueChange={(v) => setTab(v as TabName)}>
          <TabList label={t("profileWizard.title")}>
            <Tab value="basic">{t("profileWizard.basicTab")}</Tab>
            <Tab value="additional">{t("profileWizard.additionalTab")}</Tab>
          </TabList>
          <TabPanel value="basic" className="mt-6 space-y-5">
            <ImageFileField
              shape="circle"
              label={t("profileWizard.profilePicture")}
              chooseLabel={t("profileWizard.chooseImage")}
              removeLabel={t("profileWizard.removeImage")}
              file={avatar.file}
              onChange={(file) => setAvatar({ file, url: null })}
              disabled={saving}
            />
            <ImageFileField
              label={t("profileWizard.coverPhoto")}
              chooseLabel={t("profileWizard.chooseImage")}
              removeLabel={t("profileWizard.removeImage")}
              file={cover.file}
              onChange={(file) => setCover({ file, url: null })}
              disabled={saving}
            />
            <Field
              label={t("profileWizard.bio")}
              error={errors.bio}
              hint={<span>{t("profileWizard.bioCounter", { length: bio.length, max: BIO_MAX })}</span>}
            >
              <Textarea
                rows={4}
                maxLength={BIO_MAX}
                value={bio}
                onChange={(e) => setBio(e.target.value.slice(0, BIO_MAX))}
                placeholder={t("profileWizard.bioPlaceholder")}
                disabled={saving}
              />
            </Field>
            <div className="flex justify-end">
              <Button type="submit">{t("profileWizard.next")}</Button>
            </div>
          </TabPanel>
          <TabPanel value="additional" className="mt-6 space-y-4">
            <Field label={t("profileWizard.profession")} error={errors.profession}>
              <Input
                value={profession}
                maxLength={PROFESSION_MAX}
                onChange={(e) => setProfession(e.target.value)}
                autoComplete="organization-title"
                disabled={saving}
              />
            </Field>
            <LocationField label={t("profileWizard.location")} value={location} onChange={setLocation} error={errors.location} disabled={saving} />
            <Field label={t("profileWizard.website")} error={errors.website}>
              <Input
                type="url"
                value={website}
                maxLength={WEBSITE_MAX}
                onChange={(e) => setWebsite(e.target.value)}
                placeholder="https://"
                autoComplete="url"
                disabled={saving}
              />
            </Field>
            <Field label={t("profileWizard.birthDate")} error={birthDateError}>
              <Input
                type="date"
                max={maxDate}
                value={birthDate}
                onChange={(e) => setBirthDate(e.target.value)}
                autoComplete="bday"
                disabled={saving}
              />
            </Field>
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" onClick={() => setTab("basic")} disabled={saving}>
                {t("profileWizard.back")}
              </Button>
              <Button type="submit" loading={saving} disabled={!!birthDateError && !errors.birthDate}>
                {saving ? t("profileForm.saving") : t("profileWizard.complete")}
              </Button>
            </div>
          </TabPanel>
        </Tabs>
      </form>
      <div className="mt-6 border-t border-border pt-4 text-center">
        <Link to="/" className="text-sm font-medium text-link hover:underline">
          {t("profileWizard.skip")}
        </Link>
      </div>
    </AuthCard>
  );
}
