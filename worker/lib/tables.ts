/** The schema's tables for worker features: features reach db/ only through here. */
export * from "../../db/schema";
