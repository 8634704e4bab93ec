import type { Language } from "../../common/contract/enums";

/** Who is signed in, as every route sees it. Kept free of runtime imports so env.ts can name it. */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  emailVerified: boolean;
  platformRole: "staff" | null;
  language: Language;
};
