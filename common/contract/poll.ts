import { z } from "zod";
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from "./limits";
import { singleLine } from "./text";

/** A post's poll: what its author sends, what every member reads, and the voter list. */
/** The latest closing time a poll may have, from now. */
export const POLL_CLOSES_WITHIN = 365 * 24 * 60 * 60 * 1000;

const id = z.string().min(1).max(64);

export const pollBody = z.object({
  options: z
    .array(singleLine("Option", { max: POLL_OPTION_MAX, required: "Option text required" }), {
      error: "Options must be a list",
    })
    .min(POLL_OPTIONS_MIN, `A poll needs at least ${POLL_OPTIONS_MIN} options`)
    .max(POLL_OPTIONS_MAX, `A poll can have at most ${POLL_OPTIONS_MAX} options`)
    .refine((o) => new Set(o.map((s) => s.toLocaleLowerCase())).size === o.length, "Options must differ"),
  multipleChoice: z.boolean({ error: "Multiple choice must be true or false" }).default(false),
  // Read against the server's clock when the post is created; the web checks the same before sending.
  closesAt: z
    .number({ error: "Closing time must be a time" })
    .int()
    .refine((t) => t > Date.now(), "Closing time must be in the future")
    .refine((t) => t <= Date.now() + POLL_CLOSES_WITHIN, "Closing time must be within a year")
    .nullable()
    .default(null),
});
export type PollBody = z.output<typeof pollBody>;

export const voteBody = z.object({
  optionIds: z
    .array(id, { error: "Choose an option" })
    .min(1, "Choose an option")
    .max(POLL_OPTIONS_MAX, `At most ${POLL_OPTIONS_MAX} options`)
    .refine((ids) => new Set(ids).size === ids.length, "Choose each option once"),
});

export const pollOption = z.object({
  id: z.string(),
  text: z.string(),
  votes: z.number().int().nonnegative(),
  /** Whether the viewer's vote includes this option. */
  chosen: z.boolean(),
});

export const poll = z.object({
  multipleChoice: z.boolean(),
  closesAt: z.number().nullable(),
  closed: z.boolean(),
  /** People who voted (a multiple-choice voter counts once): the base of the percentages. */
  voters: z.number().int().nonnegative(),
  options: z.array(pollOption),
  /** The author and the community's admins may open the voter list. */
  canSeeVoters: z.boolean(),
});
export type Poll = z.output<typeof poll>;

const voter = z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() });

export const pollVoters = z.object({
  options: z.array(z.object({ id: z.string(), text: z.string(), voters: z.array(voter) })),
  /** Votes of people on either side of a block with the viewer: counted, never named. */
  hidden: z.number().int().nonnegative(),
});
export type PollVoters = z.output<typeof pollVoters>;
