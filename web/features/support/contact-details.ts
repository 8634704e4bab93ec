/** The address a phone number dials: as configured, without its spaces and punctuation. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
