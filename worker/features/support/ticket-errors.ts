import { AppError, notFound } from "../../lib/errors";

/** A ticket the caller may not see answers the same as one that does not exist. */
export const ticketNotFound = () => notFound("Support ticket not found.");

export const ticketClosed = () => new AppError("CONFLICT", "This ticket is closed. Open a new ticket if you still need help.");
