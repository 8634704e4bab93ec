import { z } from "zod";
import { endpoint, idParam, ok } from "./http";

/**
 * Blocks (DESIGN.md "Blocks"): if A blocks B, neither sees the other's posts, comments or group
 * messages, B cannot message A, A is not offered to B in new-chat lists, and their direct chat keeps
 * its history but takes no new messages. Only the one who blocked can lift it.
 */

export const userParams = z.object({ userId: idParam });

export const blockedPerson = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  blockedAt: z.number(),
});
export type BlockedPerson = z.output<typeof blockedPerson>;

export const blocks = {
  list: endpoint("GET", "/api/me/blocks", { response: z.object({ items: z.array(blockedPerson) }) }),
  /** Idempotent: blocking someone already blocked changes nothing. */
  block: endpoint("PUT", "/api/users/:userId/block", { params: userParams, response: ok }),
  unblock: endpoint("DELETE", "/api/users/:userId/block", { params: userParams, response: ok }),
};
