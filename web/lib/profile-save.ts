import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UploadPurpose } from "../../common/contract/enums";
import type { ProfileBody } from "../../common/contract/profiles";
import { call, isApiError } from "./api";
import { resizeImage } from "./images/resize";
import { uploadImage } from "./images/upload";
import { meKeys } from "./session";
import { profileKeys } from "./profile-keys";

/** One image of the form: a newly picked file, else the stored URL (null once removed). */
export type ImageChoice = { file: File | null; url: string | null };

/** An image that could not be uploaded: the form names which one ('Failed to upload avatar'). */
export class ImageUploadError extends Error {
  constructor(
    readonly purpose: Extract<UploadPurpose, "avatar" | "cover">,
    override readonly cause: unknown,
  ) {
    super(`Failed to upload ${purpose}`);
  }
}

type SaveInput = {
  fields: Omit<ProfileBody, "avatarUrl" | "coverUrl">;
  avatar: ImageChoice;
  cover: ImageChoice;
  /** The URLs stored before the edit: an unchanged image is not sent again. */
  stored: { avatarUrl: string | null; coverUrl: string | null };
};

async function imageUrl(choice: ImageChoice, purpose: "avatar" | "cover"): Promise<string | null> {
  if (!choice.file) return choice.url;
  try {
    return (await uploadImage(await resizeImage(choice.file), { purpose })).url;
  } catch (err) {
    throw new ImageUploadError(purpose, err);
  }
}

/**
 * Saves the edit form and the complete-profile wizard alike: the picked images go through the upload
 * pipeline first (resized in the browser), then one PATCH carries every field. The session and every
 * profile are read again, since the name and avatar show in the header and on others' screens.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, avatar, cover, stored }: SaveInput) => {
      const body: ProfileBody = { ...fields };
      const [avatarUrl, coverUrl] = await Promise.all([imageUrl(avatar, "avatar"), imageUrl(cover, "cover")]);
      if (avatarUrl !== stored.avatarUrl) body.avatarUrl = avatarUrl;
      if (coverUrl !== stored.coverUrl) body.coverUrl = coverUrl;
      return call("PATCH /api/me/profile", { body });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all() }),
        queryClient.invalidateQueries({ queryKey: meKeys.session(), exact: true }),
      ]),
  });
}

/** The server's field messages by field, for the form to show under each one. */
export const fieldErrors = (err: unknown): Record<string, string> =>
  isApiError(err, 422) ? Object.fromEntries(err.issues.map((i) => [i.path, i.message])) : {};
