import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { pollVotersQueryOptions, useVote } from "./poll-mutations";
import { useMinuteTick } from "./use-minute-tick";
import type { Post } from "../../../common/contract/feed";
import type { Poll } from "../../../common/contract/poll";

type PollViewProps = { post: Post & { poll: Poll }; readOnly: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'in 5 minutes', 'in 3 hours', 'in 2 days' in the reader's language. */
function closesIn(closesAt: number, now: number, language: string): string {
  const left = Math.max(0, closesAt - now);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  if (left < HOUR) return format.format(Math.max(1, Math.ceil(left / MINUTE)), "minute");
  if (left < 2 * DAY) return format.format(Math.round(left / HOUR), "hour");
  return format.format(Math.round(left / DAY), "day");
}

const percentOf = (votes: number, voters: number) => (voters > 0 ? Math.round((votes * 100) / voters) : 0);

/**
 * A post's poll: the options to vote on until the reader has voted (or it closed), then the results as
 * bars with counts and percentages. Counts arrive live through the community room; the line with the
 * total is a polite live region, so a screen reader hears that they moved without every bar re-read.
 */
export default function PollView({ post, readOnly }: PollViewProps) {
  const { t, i18n } = useTranslation("feed");
  // The minute's start: 'closes in' and closing follow the page's one clock, not each render's.
  const now = useMinuteTick() * MINUTE;
  const poll = post.poll;
  const id = useId();
  const vote = useVote(post);
  const chosen = poll.options.filter((o) => o.chosen).map((o) => o.id);
  const [picked, setPicked] = useState<string[]>(chosen);
  const [changing, setChanging] = useState(false);
  const [votersOpen, setVotersOpen] = useState(false);
  const closed = poll.closed || (poll.closesAt !== null && poll.closesAt <= now);
  const voting = !closed && !readOnly && (chosen.length === 0 || changing);

  const toggle = (optionId: string, on: boolean) =>
    setPicked((list) => (poll.multipleChoice ? (on ? [...list, optionId] : list.filter((x) => x !== optionId)) : [optionId]));

  const submit = () => {
    if (picked.length === 0 || vote.isPending) return;
    vote.mutate(picked, { onSuccess: () => setChanging(false) });
  };

  const status = closed
    ? t("poll.closed")
    : poll.closesAt !== null
      ? t("poll.closesIn", { when: closesIn(poll.closesAt, now, i18n.language) })
      : null;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-xl border border-border p-3 sm:p-4" data-testid="poll">
      <h3 id={`${id}-title`} className="sr-only">
        {t("poll.title")}
      </h3>
      {voting ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-foreground">
              {poll.multipleChoice ? t("poll.chooseMany") : t("poll.chooseOne")}
            </legend>
            <div className="space-y-1.5">
              {poll.options.map((o) => (
                <label
                  key={o.id}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm text-foreground hover:bg-muted has-[:checked]:border-primary"
                >
                  <input
                    type={poll.multipleChoice ? "checkbox" : "radio"}
                    name={`${id}-option`}
                    value={o.id}
                    checked={picked.includes(o.id)}
                    onChange={(e) => toggle(o.id, e.target.checked)}
                    className="h-4 w-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 break-words">{o.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={picked.length === 0} loading={vote.isPending}>
              {changing ? t("poll.saveVote") : t("poll.vote")}
            </Button>
            {changing && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setChanging(false);
                  setPicked(chosen);
                }}
              >
                {t("common.cancel")}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <ul className="space-y-2" aria-label={t("poll.results")}>
          {poll.options.map((o) => {
            const percent = percentOf(o.votes, poll.voters);
            return (
              <li key={o.id} className="text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-1.5 break-words text-foreground">
                    {o.chosen && <Check className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />}
                    {o.text}
                    {o.chosen && <span className="sr-only">{t("poll.yourChoice")}</span>}
                  </span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {t("poll.optionResult", { count: o.votes, percent })}
                  </span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div
                    className={cn("h-full rounded-full", o.chosen ? "bg-primary" : "bg-muted-foreground/50")}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span aria-live="polite" aria-atomic="true" data-testid="poll-voters">
          {t("poll.voters", { count: poll.voters })}
        </span>
        {status && <span>{status}</span>}
        {!voting && !closed && !readOnly && chosen.length > 0 && (
          <Button variant="link" size="sm" className="text-xs" onClick={() => setChanging(true)}>
            {t("poll.changeVote")}
          </Button>
        )}
        {poll.canSeeVoters && (
          <Button
            variant="link"
            size="sm"
            className="text-xs"
            aria-expanded={votersOpen}
            aria-controls={`${id}-voters`}
            onClick={() => setVotersOpen((v) => !v)}
          >
            {votersOpen ? t("poll.hideVoters") : t("poll.showVoters")}
          </Button>
        )}
      </div>
      <div id={`${id}-voters`}>{votersOpen && <VoterList communityId={post.communityId} postId={post.id} />}</div>
    </section>
  );
}

function VoterList({ communityId, postId }: { communityId: string; postId: string }) {
  const { t } = useTranslation("feed");
  const voters = useQuery(pollVotersQueryOptions(communityId, postId));
  if (voters.isPending) return <p className="mt-2 text-sm text-muted-foreground">{t("poll.votersLoading")}</p>;
  if (voters.isError) return <p className="mt-2 text-sm text-destructive-text">{t("poll.votersFailed")}</p>;
  const { options, hidden } = voters.data;
  return (
    <div className="mt-3 space-y-3 border-t border-border pt-3">
      {options.map((o) => (
        <div key={o.id}>
          <h4 className="text-sm font-medium text-foreground">{o.text}</h4>
          {o.voters.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("poll.noVoters")}</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {o.voters.map((v) => (
                <li
                  key={v.id}
                  className="flex items-center gap-1.5 rounded-full bg-muted py-0.5 pr-2.5 pl-0.5 text-sm text-foreground"
                >
                  <Avatar src={v.avatarUrl} name={v.fullName} size="xs" />
                  {v.fullName}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {hidden > 0 && <p className="text-xs text-muted-foreground">{t("poll.hiddenVoters", { count: hidden })}</p>}
    </div>
  );
}
