import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BIO_MAX, PROFESSION_MAX, USER_NAME_MAX, WEBSITE_MAX } from "../../../common/contract/limits";
import type { OwnProfile } from "../../../common/contract/profiles";
import { ImageFileField } from "../../components/image-file-field";
import { LocationField } from "../../components/location-field";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { Button, buttonClasses } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { useErrorMessage } from "../../lib/errors";
import { todayIso, websiteValue } from "../../lib/profile-fields";
import { fieldErrors, ImageUploadError, useSaveProfile, type ImageChoice } from "../../lib/profile-save";
import { toast } from "../../lib/toast";
import { ProfileSkeleton } from "./profile-skeleton";
import { myProfileQueryOptions } from "./queries";

/** /edit-profile: cover, avatar and the profile's fields; 'Save Changes' goes back to /profile. */
export default function EditProfilePage() {
  const { t } = useTranslation("profile");
  const errorMessage = useErrorMessage();
  const query = useQuery(myProfileQueryOptions());
  useDocumentTitle(t("editTitle"));

  if (query.isPending) return <ProfileSkeleton label={t("loading")} />;
  if (query.isError) {
    return (
      <LoadError
        message={`${t("loadFailed")}: ${errorMessage(query.error)}`}
        retryLabel={t("tryAgain")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <EditProfileForm profile={query.data.profile} />;
}

function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation("profile");
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const [cover, setCover] = useState<ImageChoice>({ file: null, url: profile.coverUrl });
  const [avatar, setAvatar] = useState<ImageChoice>({ file: null, url: profile.avatarUrl });
  const [fullName, setFullName] = useState(profile.fullName);
  const [profession, setProfession] = useState(profile.profession ?? "");
  const [location, setLocation] = useState(profile.location ?? "");
  const [website, setWebsite] = useState(profile.website ?? "");
  const [bio, setBio] = useState(profile.bio ?? "");
  const [birthDate, setBirthDate] = useState(profile.birthDate ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const maxDate = todayIso();
  const saving = save.isPending;

  const submit = () => {
    setErrors({});
    save.mutate(
      {
        fields: { fullName, profession, location, website: websiteValue(website), bio, birthDate },
        avatar,
        cover,
        stored: { avatarUrl: profile.avatarUrl, coverUrl: profile.coverUrl },
      },
      {
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
          setErrors(fieldErrors(err));
          toast({ title: t("toast.error"), description: `${t("toast.updateFailed")}: ${errorMessage(err)}`, variant: "destructive" });
        },
      },
    );
  };

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
        <ImageFileField
          label={t("form.coverImage")}
          chooseLabel={t("form.chooseImage")}
          removeLabel={t("form.removeImage")}
          file={cover.file}
          storedUrl={cover.url}
          onChange={(file) => setCover((c) => ({ ...c, file }))}
          onRemoveStored={() => setCover({ file: null, url: null })}
          disabled={saving}
        />
        <ImageFileField
          shape="circle"
          label={t("form.avatar")}
          chooseLabel={t("form.chooseImage")}
          removeLabel={t("form.removeImage")}
          file={avatar.file}
          storedUrl={avatar.url}
          onChange={(file) => setAvatar((a) => ({ ...a, file }))}
          onRemoveStored={() => setAvatar({ file: null, url: null })}
          disabled={saving}
        />
        <Field label={t("form.fullName")} error={errors.fullName}>
          <Input value={fullName} maxLength={USER_NAME_MAX} onChange={(e) => setFullName(e.target.value)} autoComplete="name" required disabled={saving} />
        </Field>
        <Field label={t("form.profession")} error={errors.profession}>
          <Input
            value={profession}
            maxLength={PROFESSION_MAX}
            onChange={(e) => setProfession(e.target.value)}
            autoComplete="organization-title"
            disabled={saving}
          />
        </Field>
        <LocationField label={t("form.location")} value={location} onChange={setLocation} error={errors.location} disabled={saving} />
        <Field label={t("form.website")} error={errors.website}>
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
        <Field label={t("form.bio")} error={errors.bio} hint={`${bio.length}/${BIO_MAX}`}>
          <Textarea rows={4} value={bio} maxLength={BIO_MAX} onChange={(e) => setBio(e.target.value.slice(0, BIO_MAX))} disabled={saving} />
        </Field>
        <Field label={t("form.birthDate")} error={errors.birthDate ?? (birthDate > maxDate ? t("form.birthDateFuture") : null)}>
          <Input type="date" max={maxDate} value={birthDate} onChange={(e) => setBirthDate(e.target.value)} autoComplete="bday" disabled={saving} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/profile" className={buttonClasses({ variant: "ghost" })}>
            {t("form.cancel")}
          </Link>
          <Button type="submit" loading={saving} disabled={birthDate > maxDate}>
            {saving ? t("form.saving") : t("form.save")}
          </Button>
        </div>
      </form>
    </div>
  );
}
