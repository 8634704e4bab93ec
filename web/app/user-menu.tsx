import { Link } from "@tanstack/react-router";
import { HelpCircle, LogOut, Settings, ShieldCheck, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PreferenceItems, PreferencesMenu } from "../components/preferences";
import { Avatar } from "../components/ui/avatar";
import { buttonClasses } from "../components/ui/button";
import { DropdownMenu, MenuItem, MenuLink, MenuSeparator } from "../components/ui/dropdown-menu";
import { useCurrentCommunity } from "../lib/my-communities";
import { displayNameOf, type SessionUser } from "../lib/session";
import { useSignOut } from "../lib/use-sign-out";

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { current } = useCurrentCommunity();
  const signOut = useSignOut();
  const name = displayNameOf(user) ?? t("userMenu.fallbackName");

  return (
    <DropdownMenu
      triggerLabel={t("userMenu.open")}
      menuLabel={t("userMenu.title")}
      triggerClassName="rounded-full"
      contentClassName="absolute top-full right-0 mt-2 w-72 max-w-[calc(100vw-1rem)] max-h-[calc(100vh-5rem)] overflow-y-auto"
      trigger={<Avatar src={user.avatarUrl} name={name} size="md" />}
    >
      <div className="flex items-center gap-3 px-3 py-3">
        <Avatar src={user.avatarUrl} name={name} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-foreground">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          {current && (
            <p className="truncate text-xs text-muted-foreground">
              <span className="sr-only">{t("userMenu.currentCommunity")}: </span>
              {current.name}
            </p>
          )}
        </div>
      </div>
      <MenuSeparator />
      <MenuLink to="/profile">
        <User className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("userMenu.profile")}
      </MenuLink>
      <MenuLink to="/settings">
        <Settings className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("userMenu.settings")}
      </MenuLink>
      {user.platformRole === "staff" && (
        <MenuLink to="/admin/reviews">
          <ShieldCheck className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          {t("userMenu.admin")}
        </MenuLink>
      )}
      <MenuLink to="/support">
        <HelpCircle className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("userMenu.support")}
      </MenuLink>
      <MenuSeparator />
      <PreferenceItems />
      <MenuSeparator />
      <MenuItem onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {t("userMenu.logOut")}
      </MenuItem>
    </DropdownMenu>
  );
}

export function SignedOutActions() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1">
      <PreferencesMenu />
      <Link to="/auth/login" className={buttonClasses({ size: "md" })}>
        {t("auth.signIn")}
      </Link>
    </div>
  );
}
