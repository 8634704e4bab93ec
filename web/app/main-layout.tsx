import { useQuery } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { deletionQueryOptions } from "../lib/account";
import { clearCurrentCommunityId } from "../lib/current-community";
import { useSession } from "../lib/session";
import { Header } from "./header";
import { LiveUpdates } from "./live-updates";
import { TabBar } from "./tab-bar";

// Rarely shown (an account waiting for deletion): its code loads only for an account that has one pending.
const DeletionBanner = lazy(() => import("./deletion-banner").then((m) => ({ default: m.DeletionBanner })));

export function MainLayout() {
  const { t } = useTranslation();
  const { user, query } = useSession();
  const deletion = useQuery({ ...deletionQueryOptions(), enabled: user !== null });

  // Spec 000 section 4: when there is no user, the community context is reset.
  useEffect(() => {
    if (query.isSuccess && user === null) clearCurrentCommunityId();
  }, [query.isSuccess, user]);

  return (
    <div className="min-h-screen bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-foreground focus:shadow"
      >
        {t("shell.skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
        <Header />
        <TabBar />
      </header>
      {user && deletion.data?.hasPendingDeletion && (
        <Suspense fallback={null}>
          <DeletionBanner status={deletion.data} />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none sm:py-8">
        <Outlet />
      </main>
      <LiveUpdates />
    </div>
  );
}
