import { Suspense } from "react";
import { ensureNamespace } from "../lib/i18n";
import { lazyWithPreload } from "../lib/lazy";
import { useLiveStarted } from "../lib/live-start";
import { useSession } from "../lib/session";

// The socket client and the wire protocol are not needed to draw the first page: they load when its rooms
// may open (web/lib/live-start.ts).
const UserRoomConnection = lazyWithPreload(() =>
  Promise.all([import("./user-room/user-room-connection"), ensureNamespace("notifications")]).then(([m]) => m),
);

/** Live updates for the signed-in user, mounted once in the main layout. */
export function LiveUpdates() {
  const { user } = useSession();
  const live = useLiveStarted();
  if (!user || !live) return null;
  return (
    <Suspense fallback={null}>
      <UserRoomConnection key={user.id} userId={user.id} />
    </Suspense>
  );
}
