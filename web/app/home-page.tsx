import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { Archive, Clock, Users } from "lucide-react";
import { Suspense, useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading, useDocumentTitle } from "../components/page";
import { Avatar } from "../components/ui/avatar";
import { Badge } from "../components/ui/badge";
import { buttonClasses } from "../components/ui/button";
import { PageSpinner } from "../components/ui/spinner";
import { FeedView } from "./home-feed";
import { useCurrentCommunity } from "../lib/my-communities";
import { CURRENT_COMMUNITY_COOKIE } from "../../common/feed-keys";

function Welcome() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-12 text-center sm:py-20">
      <span className="flex h-16 w-16 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
        <Users className="h-8 w-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{t("home.welcomeTitle")}</h1>
      <p className="text-lg text-muted-foreground">{t("home.welcomeDescription")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/auth/login" className={buttonClasses({ size: "lg" })}>
          {t("auth.signIn")}
        </Link>
        <Link to="/auth/register" className={buttonClasses({ size: "lg", variant: "outline" })}>
          {t("auth.createAccount")}
        </Link>
      </div>
    </section>
  );
}

function NoCommunitySelected() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
      <Users className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-foreground">{t("home.noCommunitySelected")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/communities/explore" className={buttonClasses()}>
          {t("communities.explore")}
        </Link>
        <Link to="/communities/create" className={buttonClasses({ variant: "outline" })}>
          {t("communities.create")}
        </Link>
      </div>
    </div>
  );
}

/** Three grey cards in the feed's place while its code arrives (spec: skeletons while loading). */
function FeedPlaceholder() {
  return (
    <div className="mt-6 space-y-4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-40 animate-pulse rounded-2xl border border-border bg-surface" />
      ))}
    </div>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { user, current, currentId, communities, isLoading, select } = useCurrentCommunity();
  const { topic } = useSearch({ from: "/_main/" });
  const navigate = useNavigate({ from: "/" });
  useDocumentTitle(current?.name);

  // Fetch the feed's code while the community list is still loading.
  useEffect(() => {
    if (user) void FeedView.preload();
  }, [user]);

  // The worker puts the shown community's first posts into this page's HTML on the next visit: it reads
  // this cookie, since the choice itself lives in the browser's storage. Ids are UUIDs, safe in a cookie.
  const shownId = current?.id ?? null;
  useEffect(() => {
    document.cookie = `${CURRENT_COMMUNITY_COOKIE}=${shownId ?? ""};path=/;max-age=${shownId ? 31536000 : 0};samesite=lax`;
  }, [shownId]);

  // Nothing saved yet: the first live community (created ones first; one still in review only if there is
  // nothing else) becomes the current one. A saved id that no longer matches keeps the 'No Community
  // Selected' state, so a removed community is noticed.
  const firstChoice = communities.find((c) => c.reviewStatus === "approved" && !c.archived) ?? communities[0];
  const autoSelect = !isLoading && !!user && currentId === null && firstChoice ? firstChoice.id : null;
  useEffect(() => {
    if (autoSelect) select(autoSelect);
  }, [autoSelect, select]);

  const onTopicChange = useCallback(
    (next: string | null) => void navigate({ search: next ? { topic: next } : {}, replace: true }),
    [navigate],
  );

  if (isLoading || autoSelect) return <PageSpinner />;
  if (!user) return <Welcome />;
  if (!current) return <NoCommunitySelected />;

  return (
    <div>
      <div className="flex items-center gap-3">
        <Avatar src={current.imageUrls[0]} name={current.name} shape="rounded" size="lg" />
        <div className="min-w-0">
          <PageHeading className="truncate">{current.name}</PageHeading>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge>{current.isCreator ? t("communities.owner") : t("communities.member")}</Badge>
            {current.archived && (
              <Badge>
                <Archive className="mr-1 h-3 w-3" aria-hidden="true" />
                {t("communities.archived")}
              </Badge>
            )}
          </div>
        </div>
      </div>
      {current.reviewStatus === "under_review" && (
        <p className="mt-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t("communities.underReview")}
        </p>
      )}
      <Suspense fallback={<FeedPlaceholder />}>
        <FeedView key={current.id} community={current} topicId={topic ?? null} onTopicChange={onTopicChange} />
      </Suspense>
    </div>
  );
}
