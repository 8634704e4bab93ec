import { useNavigate } from "@tanstack/react-router";
import { Archive, ChevronDown, Clock, Compass, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/ui/avatar";
import { DropdownMenu, MenuLink, MenuRadioItem, MenuSeparator, MenuText } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { useCurrentCommunity } from "../../lib/my-communities";

export function CommunitySwitcher() {
  const { t } = useTranslation();
  const { communities, current, isLoading, isError, select } = useCurrentCommunity();
  const navigate = useNavigate();
  // Choosing a community opens its feed, wherever the switcher was used from.
  const choose = (id: string) => {
    select(id);
    void navigate({ to: "/" });
  };
  const label = current ? current.name : t("communities.select");

  return (
    <DropdownMenu
      align="start"
      className="max-w-full min-w-0"
      // Named by what it shows (the community's name, or "Select Community"), so voice control finds it
      // by that; the menu it opens says it switches communities.
      menuLabel={t("communities.switch")}
      triggerClassName="flex h-10 max-w-full min-w-0 items-center gap-2 rounded-lg px-1.5 text-left hover:bg-muted sm:px-2"
      contentClassName="fixed inset-x-2 top-16 max-h-[70vh] overflow-y-auto sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-2 sm:w-72"
      trigger={
        <>
          {current ? <Avatar src={current.imageUrls[0]} name={current.name} shape="rounded" /> : null}
          <span className="truncate text-sm font-semibold text-foreground">{isLoading ? t("common.loading") : label}</span>
          <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </>
      }
    >
      <MenuText className="text-xs font-semibold tracking-wide uppercase">{t("communities.switch")}</MenuText>
      {isLoading ? (
        <MenuText className="flex items-center gap-2">
          <Spinner size="sm" decorative />
          {t("common.loading")}
        </MenuText>
      ) : isError ? (
        <MenuText>{t("communities.loadFailed")}</MenuText>
      ) : communities.length === 0 ? (
        <MenuText>{t("communities.none")}</MenuText>
      ) : (
        communities.map((c) => (
          <MenuRadioItem key={c.id} checked={c.id === current?.id} showCheck={false} onSelect={() => choose(c.id)}>
            <Avatar src={c.imageUrls[0]} name={c.name} shape="rounded" size="xs" />
            <span className="min-w-0 flex-1 truncate">{c.name}</span>
            {c.reviewStatus !== "approved" && (
              <Clock
                className="h-3.5 w-3.5 shrink-0 text-amber-600 dark:text-amber-400"
                aria-label={t("communities.notApproved")}
                role="img"
              />
            )}
            {c.archived && (
              <Archive className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-label={t("communities.archived")} role="img" />
            )}
            {c.id === current?.id && <span className="h-2 w-2 shrink-0 rounded-full bg-green-500" aria-hidden="true" />}
          </MenuRadioItem>
        ))
      )}
      <MenuSeparator />
      <MenuLink to="/communities/explore">
        <Compass className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("communities.explore")}
      </MenuLink>
      <MenuLink to="/communities/create">
        <Plus className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("communities.create")}
      </MenuLink>
    </DropdownMenu>
  );
}
