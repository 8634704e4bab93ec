import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BIO_MAX } from "../../../common/contract/limits";
import type { OwnProfile } from "../../../common/contract/profiles";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { ProfileFields, useProfileForm, type ProfileFieldTexts } from "../../components/profile-fields";
import { Button, buttonClasses } from "../../components/ui/button";
import { useErrorMessage } from "../../lib/errors";
import { fieldErrors, ImageUploadError } from "../../lib/profile-save";
import { toast } from "../../lib/toast";
import { ProfileLoadError, ProfileSkeleton } from "./profile-skeleton";
import { myProfileQueryOptions } from "./queries";

/** /edit-profile: cover, avatar and the profile's fields; 'Save Changes' goes back to /profile. */
export default function EditProfilePage() {
  const { t } = useTranslation("profile");
  const query = useQuery(myProfileQueryOptions());
  useDocumentTitle(t("editTitle"));

  if (query.isPending) return <ProfileSkeleton label={t("loading")} />;
  if (query.isError) {
    return <ProfileLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <EditProfileForm profile={query.data.profile} />;
}

function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation("profile");
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const form = useProfileForm({
    cover: { file: null, url: profile.coverUrl },
    avatar: { file: null, url: profile.avatarUrl },
    fullName: profile.fullName,
    profession: profile.profession ?? "",
    location: profile.location ?? "",
    website: profile.website ?? "",
    bio: profile.bio ?? "",
    birthDate: profile.birthDate ?? "",
  });
  const texts: ProfileFieldTexts = {
    cover: t("form.coverImage"),
    avatar: t("form.avatar"),
    chooseImage: t("form.chooseImage"),
    removeImage: t("form.removeImage"),
    fullName: t("form.fullName"),
    profession: t("form.profession"),
    location: t("form.location"),
    website: t("form.website"),
    bio: t("form.bio"),
    bioCounter: `${form.values.bio.length}/${BIO_MAX}`,
    birthDate: t("form.birthDate"),
    birthDateFuture: t("form.birthDateFuture"),
  };

  const submit = () =>
    form.submit({
      onSuccess: () => {
        toast({ title: t("toast.updated"), variant: "success" });
        void navigate({ to: "/profile" });
      },
      onError: (err) => {
        if (err instanceof ImageUploadError) {
          const which = err.purpose === "avatar" ? t("toast.avatarFailed") : t("toast.coverFailed");
          toast({ title: t("toast.error"), description: `${which}: ${errorMessage(err.cause)}`, variant: "destructive" });
          return;
        }
        form.setErrors(fieldErrors(err));
        toast({
          title: t("toast.error"),
          description: `${t("toast.updateFailed")}: ${errorMessage(err)}`,
          variant: "destructive",
        });
      },
    });

  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/profile" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t("back")}
      </Link>
      <PageHeading className="mt-2">{t("editTitle")}</PageHeading>
      <form
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ProfileFields
          fields={["cover", "avatar", "fullName", "profession", "location", "website", "bio", "birthDate"]}
          form={form}
          texts={texts}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonClasses({ variant: "ghost" })}>
            {t("form.cancel")}
          </Link>
          <Button type="submit" loading={form.saving} disabled={form.birthDateInFuture}>
            {form.saving ? t("form.saving") : t("form.save")}
          </Button>
        </div>
      </form>
    </div>
  );
}
