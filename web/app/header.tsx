import { Brand } from "../components/brand";
import { CommunitySwitcher } from "../features/communities/community-switcher";
import { MessagesDropdown } from "../features/messages/messages-dropdown";
import { NotificationsDropdown } from "../features/notifications/notifications-dropdown";
import { HeaderSearch } from "../features/search/header-search";
import { useSession } from "../lib/session";
import { SignedOutActions, UserMenu } from "./user-menu";

export function Header() {
  const { user, isLoading } = useSession();

  return (
    <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-3 sm:px-4">
      <div className="flex min-w-0 flex-1 items-center sm:flex-none sm:basis-64">{user ? <CommunitySwitcher /> : <Brand />}</div>
      {user && (
        <div className="flex flex-none justify-center sm:flex-1">
          <HeaderSearch />
        </div>
      )}
      {!user && <div className="flex-1" />}
      <div className="flex flex-none items-center gap-0.5 sm:gap-1">
        {isLoading ? null : user ? (
          <>
            <MessagesDropdown />
            <NotificationsDropdown />
            <div className="ml-1">
              <UserMenu user={user} />
            </div>
          </>
        ) : (
          <SignedOutActions />
        )}
      </div>
    </div>
  );
}
