/** Where people reach the support team (spec 001 "Help and support": e-mail, phone and hours). */
export const SUPPORT_EMAIL = "support@agora.ge";
/** Shown as written; dialled without spaces. */
export const SUPPORT_PHONE = "+995 32 220 00 00";
export const supportPhoneHref = `tel:${SUPPORT_PHONE.replace(/\s+/g, "")}`;
