import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../components/load-error";
import { PageHeading, useDocumentTitle } from "../../components/page";
import { SearchField } from "../../components/search-field";
import { Avatar } from "../../components/ui/avatar";
import { Spinner } from "../../components/ui/spinner";
import { useStartDirect } from "../../lib/conversations";
import { useCurrentCommunity } from "../../lib/my-communities";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { PEOPLE_QUERY_MAX } from "../../../common/contract/limits";
import type { Person } from "../../../common/contract/conversations";
import { peopleQueryOptions } from "./queries";

/** The spec's search debounce for messages. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

function PersonList({
  title,
  people,
  onPick,
  busy,
}: {
  title: string;
  people: Person[];
  onPick: (p: Person) => void;
  busy: string | null;
}) {
  const headingId = useId();
  if (people.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="px-1 text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      <ul className="mt-2 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {people.map((person) => (
          <li key={person.id}>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => onPick(person)}
              className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted disabled:opacity-60"
            >
              <Avatar src={person.avatarUrl} name={person.fullName} size="md" />
              <span className="min-w-0 flex-1 truncate font-medium text-foreground">{person.fullName}</span>
              {busy === person.id && <Spinner size="sm" decorative />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /new-chat: members of the current community, then everyone else; `?user=` starts a chat straight away. */
export function NewChatPage({ userId }: { userId?: string }) {
  const { t } = useTranslation("messages");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { current } = useCurrentCommunity();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const people = useQuery(peopleQueryOptions(current?.id ?? null, q));
  const start = useStartDirect();
  const [busy, setBusy] = useState<string | null>(null);
  const started = useRef(false);
  useDocumentTitle(tc("pages.newChat"));

  const open = (id: string) => {
    setBusy(id);
    start.mutate(id, {
      onSuccess: ({ conversation }) => void navigate({ to: "/chat/$id", params: { id: conversation.id }, replace: !!userId }),
      onError: (err) => {
        setBusy(null);
        toast({ title: t("toast.createFailed"), description: errorMessage(err), variant: "destructive" });
      },
    });
  };

  useEffect(() => {
    if (!userId || started.current) return;
    started.current = true;
    open(userId);
    // Runs once for the link that asked for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    if (people.isError)
      toast({ title: t("toast.loadUsersFailed"), description: errorMessage(people.error), variant: "destructive" });
  }, [people.isError, people.error, t, errorMessage]);

  const members = people.data?.members ?? [];
  const others = people.data?.others ?? [];

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeading>{tc("pages.newChat")}</PageHeading>
      <SearchField
        label={t("newChat.search")}
        value={search}
        onValueChange={setSearch}
        maxLength={PEOPLE_QUERY_MAX}
        className="mt-4"
      />
      {userId && busy === userId ? (
        <div className="mt-8 flex justify-center">
          <Spinner label={t("newChat.starting")} />
        </div>
      ) : people.isPending ? (
        <div className="mt-8 flex justify-center">
          <Spinner label={t("newChat.loading")} />
        </div>
      ) : people.isError ? (
        <LoadError
          className="mt-6"
          message={t("toast.loadUsersFailed")}
          retryLabel={t("common.tryAgain")}
          onRetry={() => void people.refetch()}
        />
      ) : members.length === 0 && others.length === 0 ? (
        <p className="mt-8 text-center text-muted-foreground" role="status">
          {q ? t("newChat.noMatches", { query: q }) : t("newChat.nobody")}
        </p>
      ) : (
        <div aria-busy={people.isFetching}>
          <PersonList
            title={current ? t("newChat.members", { community: current.name }) : t("newChat.membersNoCommunity")}
            people={members}
            onPick={(p) => open(p.id)}
            busy={busy}
          />
          <PersonList title={t("newChat.others")} people={others} onPick={(p) => open(p.id)} busy={busy} />
        </div>
      )}
    </div>
  );
}
