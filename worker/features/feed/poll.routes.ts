import { and, eq } from "drizzle-orm";
import { feed } from "../../../common/contract/feed";
import { assertWritable, postFor } from "../../lib/access";
import { commit } from "../../lib/commit";
import { batch } from "../../lib/db";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { assertUnderLimit, hitStatement, rateLimitRules } from "../../lib/rate-limit";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { sessionToken, sessionUserId, viewerSql } from "../../lib/session";
import { postPollVotes } from "../../lib/tables";
import { canSeeVoters } from "./post-permissions";
import { pollOf, pollState, pollVoterRows, toPoll } from "./poll.queries";

const invalidChoice = (message: string) =>
  new AppError("VALIDATION_FAILED", "Some fields are not valid.", { issues: [{ path: "optionIds", message }] });

/** /api/posts/:postId/poll/…: voting and the voter list. */
export const pollRoutes = [
  route(feed.vote, async (c) => {
    // Two round trips: the caller's access to the post, the poll and the vote budget; then the vote
    // replaced in one write batch, which reads the poll back for the answer and the room.
    const db = c.var.db;
    const token = await sessionToken(c);
    const postId = c.req.valid("param").postId;
    const { optionIds } = c.req.valid("json");
    const target = postFor(db, token, postId);
    const state = pollState(db, postId);
    // Votes share the likes' budget: both are one-tap reactions that a script could toggle for ever.
    const limit = hitStatement(db, rateLimitRules.likes, sessionUserId(token));
    const checks = await batch(db, [target.query, state, limit]);
    const { post, access } = target.read(c, checks(target.query));
    const rows = checks(state);
    if (rows.length === 0) throw notFound("Poll not found.");
    assertWritable(access.community);
    assertUnderLimit(rateLimitRules.likes, checks(limit));
    const now = Date.now();
    const { multipleChoice, closesAt } = rows[0]!;
    if (closesAt !== null && closesAt <= now) throw new AppError("CONFLICT", "This poll is closed.");
    if (!multipleChoice && optionIds.length > 1) throw invalidChoice("Choose one option");
    const known = new Set(rows.map((r) => r.optionId));
    if (optionIds.some((id) => !known.has(id))) throw invalidChoice("Unknown option");

    const userId = access.user.id;
    const shown = pollOf(db, post.id, viewerSql({ id: userId }));
    const read = await commit(c, {
      steps: [
        db.delete(postPollVotes).where(and(eq(postPollVotes.postId, post.id), eq(postPollVotes.userId, userId))),
        db.insert(postPollVotes).values(optionIds.map((optionId) => ({ optionId, userId, postId: post.id, createdAt: now }))),
        shown,
      ],
      frames: (read) => {
        const poll = toPoll(read(shown)?.poll ?? null, now);
        if (!poll) return [];
        const options = poll.options.map((o) => ({ id: o.id, votes: o.votes }));
        return [
          {
            room: "community",
            id: post.communityId,
            event: { type: "poll.counts", postId: post.id, voters: poll.voters, options },
          },
        ];
      },
    });
    const poll = toPoll(read(shown)?.poll ?? null, now);
    if (!poll) throw notFound("Poll not found.");
    return respond(c, feed.vote, { poll: { ...poll, canSeeVoters: canSeeVoters(access, post.authorId) } });
  }),
  route(feed.pollVoters, async (c) => {
    // One round trip: the access row and the voters; the names are only answered once access holds.
    const db = c.var.db;
    const token = await sessionToken(c);
    const postId = c.req.valid("param").postId;
    const target = postFor(db, token, postId);
    const voters = pollVoterRows(db, postId, sessionUserId(token));
    const [row, rows] = await db.batch([target.query, voters]);
    const { post, access } = target.read(c, row);
    if (rows.length === 0) throw notFound("Poll not found.");
    if (!canSeeVoters(access, post.authorId)) throw forbidden("Only the author and admins can see who voted.");
    const options = new Map<
      string,
      { id: string; text: string; voters: { id: string; fullName: string; avatarUrl: string | null }[] }
    >();
    let hidden = 0;
    for (const r of rows) {
      const option = options.get(r.optionId) ?? { id: r.optionId, text: r.text, voters: [] };
      options.set(r.optionId, option);
      if (!r.userId) continue;
      if (r.hidden) hidden += 1;
      else option.voters.push({ id: r.userId, fullName: r.fullName ?? "", avatarUrl: r.avatarUrl });
    }
    return respond(c, feed.pollVoters, { options: [...options.values()], hidden });
  }),
];
