import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BIO_MAX } from "../../../common/contract/limits";
import { ProfileFields, useProfileForm, type ProfileFieldTexts, type ProfileValues } from "../../components/profile-fields";
import { Button } from "../../components/ui/button";
import { Tab, TabList, TabPanel, Tabs } from "../../components/ui/tabs";
import { isApiError } from "../../lib/api";
import { fieldErrors, ImageUploadError, type ImageChoice } from "../../lib/profile-save";
import { toast } from "../../lib/toast";
import { AuthCard } from "./auth-layout";

type TabName = "basic" | "additional";
const basicFields = new Set(["bio", "avatarUrl", "coverUrl"]);
const noImage: ImageChoice = { file: null, url: null };
const empty: ProfileValues = {
  avatar: noImage,
  cover: noImage,
  profession: "",
  location: "",
  website: "",
  bio: "",
  birthDate: "",
};

/**
 * /auth/complete-profile, right after registration: picture, cover and bio, then profession,
 * location, website and birth date. Empty answers are stored as nothing; 'Skip for now' leaves it all.
 */
export function CompleteProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useProfileForm(empty);
  const [tab, setTab] = useState<TabName>("basic");
  const { saving, errors } = form;
  const fail = (title: string, description: string) => toast({ title, description, variant: "destructive" });
  const texts: ProfileFieldTexts = {
    avatar: t("profileWizard.profilePicture"),
    cover: t("profileWizard.coverPhoto"),
    chooseImage: t("profileWizard.chooseImage"),
    removeImage: t("profileWizard.removeImage"),
    profession: t("profileWizard.profession"),
    location: t("profileWizard.location"),
    website: t("profileWizard.website"),
    bio: t("profileWizard.bio"),
    bioCounter: t("profileWizard.bioCounter", { length: form.values.bio.length, max: BIO_MAX }),
    bioPlaceholder: t("profileWizard.bioPlaceholder"),
    birthDate: t("profileWizard.birthDate"),
    birthDateFuture: t("profileWizard.birthDateFuture"),
  };

  const complete = () =>
    form.submit({
      onSuccess: () => {
        toast({ title: t("profileWizard.completed"), variant: "success" });
        void navigate({ to: "/" });
      },
      onError: (err) => {
        if (err instanceof ImageUploadError) {
          fail(
            t("profileWizard.error"),
            t(err.purpose === "avatar" ? "profileWizard.avatarFailed" : "profileWizard.coverFailed"),
          );
          setTab("basic");
          return;
        }
        if (isApiError(err, 401)) return fail(t("profileWizard.authRequired"), t("profileWizard.authRequiredText"));
        const issues = fieldErrors(err);
        form.setErrors(issues);
        // Show the tab that holds the first field the server refused.
        const first = Object.keys(issues)[0];
        if (first) setTab(basicFields.has(first) ? "basic" : "additional");
        fail(t("profileWizard.failed"), t("profileWizard.failedText"));
      },
    });

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
            <ProfileFields fields={["avatar", "cover", "bio"]} form={form} texts={texts} />
            <div className="flex justify-end">
              <Button type="submit">{t("profileWizard.next")}</Button>
            </div>
          </TabPanel>
          <TabPanel value="additional" className="mt-6 space-y-4">
            <ProfileFields fields={["profession", "location", "website", "birthDate"]} form={form} texts={texts} />
            <div className="flex flex-wrap justify-between gap-2">
              <Button variant="outline" onClick={() => setTab("basic")} disabled={saving}>
                {t("profileWizard.back")}
              </Button>
              <Button type="submit" loading={saving} disabled={form.birthDateInFuture && !errors.birthDate}>
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
