import { communities, users } from "../../lib/tables";

/** The staff queues show who submitted: the creator's columns (joined on communities.creator_id). */
export const creatorColumns = { creatorId: communities.creatorId, creatorName: users.fullName, creatorEmail: users.email };

/** The creator as the queues answer it; null once their account is gone. */
export const creatorOf = (r: { creatorId: string | null; creatorName: string | null; creatorEmail: string | null }) =>
  r.creatorId ? { id: r.creatorId, fullName: r.creatorName ?? "", email: r.creatorEmail ?? "" } : null;
