import { useState } from "react";
import { BIO_MAX, PROFESSION_MAX, USER_NAME_MAX, WEBSITE_MAX } from "../../common/contract/limits";
import { todayIso, websiteValue } from "../lib/profile-fields";
import { useSaveProfile, type ImageChoice } from "../lib/profile-save";
import { ImageFileField } from "./image-file-field";
import { LocationField } from "./location-field";
import { Field } from "./ui/field";
import { Input, Textarea } from "./ui/input";

/** What the profile form edits; without `fullName` the name is neither shown nor sent. */
export type ProfileValues = {
  avatar: ImageChoice;
  cover: ImageChoice;
  fullName?: string;
  profession: string;
  location: string;
  website: string;
  bio: string;
  birthDate: string;
};

export type ProfileFieldName = "avatar" | "cover" | "fullName" | "profession" | "location" | "website" | "bio" | "birthDate";

/** Each screen's own words: the labels, the image buttons, the bio's counter and the birth date's error. */
export type ProfileFieldTexts = {
  avatar: string;
  cover: string;
  chooseImage: string;
  removeImage: string;
  fullName?: string;
  profession: string;
  location: string;
  website: string;
  bio: string;
  bioCounter: string;
  bioPlaceholder?: string;
  birthDate: string;
  birthDateFuture: string;
};

type SaveHandlers = NonNullable<Parameters<ReturnType<typeof useSaveProfile>["mutate"]>[1]>;

/**
 * The profile form's state, shared by the complete-profile wizard and the edit page. `initial` holds
 * the stored images too: an image left as it was is not sent again.
 */
export function useProfileForm(initial: ProfileValues) {
  const save = useSaveProfile();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (patch: Partial<ProfileValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (handlers: SaveHandlers) => {
    setErrors({});
    const { avatar, cover, website, ...fields } = values;
    save.mutate(
      {
        fields: { ...fields, website: websiteValue(website) },
        avatar,
        cover,
        stored: { avatarUrl: initial.avatar.url, coverUrl: initial.cover.url },
      },
      handlers,
    );
  };
  return {
    values,
    change,
    errors,
    setErrors,
    submit,
    saving: save.isPending,
    /** A birth date past today, which the field says is wrong and the screens do not send. */
    birthDateInFuture: values.birthDate > todayIso(),
  };
}

type ProfileFieldsProps = {
  /** Which fields, in this order (the wizard spreads them over two tabs). */
  fields: readonly ProfileFieldName[];
  form: ReturnType<typeof useProfileForm>;
  texts: ProfileFieldTexts;
};

/** The profile's fields: images with previews, name, profession, a place with suggestions, website, bio, birth date. */
export function ProfileFields({ fields, form, texts }: ProfileFieldsProps) {
  const { values, change, errors, saving } = form;
  const maxDate = todayIso();
  const setImage = (name: "avatar" | "cover", choice: ImageChoice) =>
    change(name === "avatar" ? { avatar: choice } : { cover: choice });
  const field = (name: ProfileFieldName) => {
    switch (name) {
      case "avatar":
      case "cover":
        return (
          <ImageFileField
            key={name}
            shape={name === "avatar" ? "circle" : "wide"}
            label={texts[name]}
            chooseLabel={texts.chooseImage}
            removeLabel={texts.removeImage}
            file={values[name].file}
            storedUrl={values[name].url}
            onChange={(file) => setImage(name, { ...values[name], file })}
            onRemoveStored={() => setImage(name, { file: null, url: null })}
            disabled={saving}
          />
        );
      case "fullName":
        return (
          <Field key={name} label={texts.fullName} error={errors.fullName}>
            <Input
              value={values.fullName ?? ""}
              maxLength={USER_NAME_MAX}
              onChange={(e) => change({ fullName: e.target.value })}
              autoComplete="name"
              required
              disabled={saving}
            />
          </Field>
        );
      case "profession":
        return (
          <Field key={name} label={texts.profession} error={errors.profession}>
            <Input
              value={values.profession}
              maxLength={PROFESSION_MAX}
              onChange={(e) => change({ profession: e.target.value })}
              autoComplete="organization-title"
              disabled={saving}
            />
          </Field>
        );
      case "location":
        return (
          <LocationField
            key={name}
            label={texts.location}
            value={values.location}
            onChange={(location) => change({ location })}
            error={errors.location}
            disabled={saving}
          />
        );
      case "website":
        return (
          <Field key={name} label={texts.website} error={errors.website}>
            <Input
              type="url"
              value={values.website}
              maxLength={WEBSITE_MAX}
              onChange={(e) => change({ website: e.target.value })}
              placeholder="https://"
              autoComplete="url"
              disabled={saving}
            />
          </Field>
        );
      case "bio":
        return (
          <Field key={name} label={texts.bio} error={errors.bio} hint={texts.bioCounter}>
            <Textarea
              rows={4}
              maxLength={BIO_MAX}
              value={values.bio}
              onChange={(e) => change({ bio: e.target.value.slice(0, BIO_MAX) })}
              placeholder={texts.bioPlaceholder}
              disabled={saving}
            />
          </Field>
        );
      case "birthDate":
        return (
          <Field
            key={name}
            label={texts.birthDate}
            error={errors.birthDate ?? (form.birthDateInFuture ? texts.birthDateFuture : null)}
          >
            <Input
              type="date"
              max={maxDate}
              value={values.birthDate}
              onChange={(e) => change({ birthDate: e.target.value })}
              autoComplete="bday"
              disabled={saving}
            />
          </Field>
        );
    }
  };
  return <>{fields.map(field)}</>;
}
