import { z } from "zod";

/** Input rules of the account endpoints; pure, so the web forms can share them. */
export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ error: "Invalid email address" }));

export const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters")
  .refine((p) => /\p{L}/u.test(p), "Password must contain a letter")
  .refine((p) => /\p{N}/u.test(p), "Password must contain a number");

/** Same-site paths only, so a link can never send someone to another site after verification. */
const localPath = z
  .string()
  .max(500)
  .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\"), "Must be a path on this site");

export const signUpBody = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  email,
  password: newPassword,
  callbackURL: localPath.optional(),
});

export const signInBody = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Password must be at most 128 characters"),
  rememberMe: z.boolean({ error: "Remember me must be true or false" }).optional(),
  callbackURL: localPath.optional(),
});

export const requestPasswordResetBody = z.object({
  email,
  redirectTo: z.url({ error: "Invalid redirect address" }).max(500).optional(),
});

export const resetPasswordBody = z.object({
  newPassword,
  token: z
    .string({ error: "The reset link is invalid" })
    .min(1, "The reset link is invalid")
    .max(200, "The reset link is invalid"),
});
