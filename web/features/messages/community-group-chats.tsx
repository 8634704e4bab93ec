import { Suspense } from "react";
import { ensureNamespace } from "../../lib/i18n";
import { lazyWithPreload } from "../../lib/lazy";

// The block sits on another feature's page: it brings its own texts along with its code.
const GroupChatsBlock = lazyWithPreload(() =>
  Promise.all([import("./group-chats-block"), ensureNamespace("messages")]).then(([m]) => m),
);

/** The current community's group chats, for the members page. */
export function CommunityGroupChats() {
  return (
    <Suspense fallback={null}>
      <GroupChatsBlock />
    </Suspense>
  );
}
