import { Link, useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentCommunity } from "../lib/my-communities";

const TABS = [
  { to: "/", key: "community" },
  { to: "/classroom", key: "classroom" },
  { to: "/calendar", key: "calendar" },
  { to: "/members", key: "members" },
  { to: "/leaderboards", key: "leaderboards" },
  { to: "/notifications", key: "notifications" },
  { to: "/about", key: "about" },
] as const;

export function TabBar() {
  const { t } = useTranslation();
  const { current } = useCurrentCommunity();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const tabs = current?.canManage ? [...TABS, { to: "/settings", key: "settings" } as const] : TABS;

  // On a narrow screen the active tab may sit off to the side of the scrolling bar; bring it into view.
  // In the next frame, where the page is laid out anyway: asked for here, it forced a layout of the
  // whole page in the middle of the first render's task (about 100 ms of it on a phone).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
      active?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <nav ref={navRef} aria-label={t("tabs.label")} className="scrollbar-none overflow-x-auto">
      <ul className="mx-auto flex max-w-6xl gap-1 px-2 sm:px-4">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <Link
              to={tab.to}
              activeOptions={{ exact: tab.to === "/", includeSearch: false }}
              className="block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground"
              activeProps={{ className: "border-primary! text-foreground! dark:border-link!" }}
            >
              {t(`tabs.${tab.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
