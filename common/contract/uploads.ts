import { z } from "zod";
import { uploadPurposes } from "./enums";
import { endpoint } from "./http";

/**
 * POST /api/uploads?purpose=…: the raw image is the body (so the browser can report upload progress),
 * which is why this endpoint has no body schema.
 */

export const uploadQuery = z.object({
  purpose: z.enum(uploadPurposes, { error: "Unknown upload purpose" }),
});

export const uploadedImage = z.object({ url: z.string(), width: z.number(), height: z.number(), size: z.number() });
export type UploadedImage = z.output<typeof uploadedImage>;

export const uploads = {
  upload: endpoint("POST", "/api/uploads", { query: uploadQuery, response: uploadedImage, status: 201 }),
};

/** The URL of an image that went through the upload pipeline for `purpose`, and of nothing else. */
export const uploadedImageUrl = (purpose: (typeof uploadPurposes)[number]) =>
  z.string().regex(new RegExp(`^/files/${purpose}/[0-9a-f-]{36}\\.(jpg|png|webp|gif)$`), "Images must be uploaded first");
