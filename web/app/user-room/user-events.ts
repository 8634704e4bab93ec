import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import i18n from "i18next";
import type { RoomMessages } from "../../../common/realtime-protocol";
import type { CommunityView } from "../../../common/contract/communities";
import type { ConversationDetail } from "../../../common/contract/conversations";
import type { MyCommunity } from "../../../common/contract/me";
import type { NotificationItem } from "../../../common/contract/notifications";
import { postKey } from "../../../common/query-keys";
import { classroomKeys } from "../../features/classroom/queries";
import { conversationKeys, unreadMessagesQueryOptions } from "../../features/messages/queries";
import { prependNotification, setUnreadTotal } from "../../features/notifications/cache";
import { notificationKeys } from "../../features/notifications/queries";
import { communityKeys } from "../../lib/community-keys";
import { getCurrentCommunityId } from "../../lib/current-community";
import { meKeys } from "../../lib/session";
import { toast } from "../../lib/toast";

export type UserMessage = RoomMessages["user-room"];

/** Where a tab goes when the community it shows is no longer open to this person. */
export type ExitPath = "/communities/explore" | "/messages";

/** The tab around the cache: where it is, and the way out of a community it can no longer see. */
export type UserEventPlace = {
  /** The path the tab shows. */
  pathname: () => string;
  /** Leaves for `to` in place of the page (it is gone for this person) and says why, naming the community when known. */
  leave: (to: ExitPath, community: string | null) => void;
};

/** The browser tab, moved by the app's router (the user's room is opened inside the route tree). */
export function routerPlace(router: Pick<AnyRouter, "state" | "navigate">): UserEventPlace {
  return {
    pathname: () => router.state.location.pathname,
    leave: (to, community) => {
      toast({
        title: community ? i18n.t("notifications:accessEnded.named", { community }) : i18n.t("notifications:accessEnded.unnamed"),
      });
      void router.navigate({ to, replace: true });
    },
  };
}

/**
 * Writes one UserRoom event into the cache. Returns a new notification, for the live region to announce.
 * Message counts and conversation bumps go to the messages dropdown's queries; an ended access to a
 * community also moves the tab out of it (`place`).
 */
export function applyUserEvent(qc: QueryClient, event: UserMessage, place: UserEventPlace): NotificationItem | null {
  switch (event.type) {
    case "notification.created": {
      // The frame carries the list's own item (the protocol parses it with the contract's schema), so it
      // goes into the lists as it came.
      const item: NotificationItem = event.notification;
      prependNotification(qc, item);
      // A new learner moves the enrolled counts on the creator's course page and classroom.
      if (item.type === "COURSE_ENROLLMENT" && item.courseId) {
        void qc.invalidateQueries({ queryKey: classroomKeys.course(item.courseId) });
        if (item.community) void qc.invalidateQueries({ queryKey: classroomKeys.community(item.community.id) });
      }
      return item;
    }
    case "notification.unread":
      setUnreadTotal(qc, event.count);
      return null;
    case "message.unread":
      qc.setQueryData(unreadMessagesQueryOptions.queryKey, event.count);
      // The total moved (a message arrived, or it was read in another tab): each row's count moved too.
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
      return null;
    case "conversation.bumped":
      // A message for us raises the badge too, and only a bump says so.
      void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
      void qc.invalidateQueries({ queryKey: conversationKeys.unread() });
      return null;
    case "community.access-ended":
      endCommunityAccess(qc, event.communityId, place);
      return null;
    default:
      return null;
  }
}

/**
 * The features whose caches of a community are keyed [feature, communityId, ...] (their queries.ts), named
 * here rather than imported so the user's room does not bring their modules along.
 */
const COMMUNITY_SCOPED = new Set(["feed", "members", "classroom", "calendar", "leaderboard"]);

/** Pages of the current community (the switcher's choice): the feed and its sections. */
const CURRENT_COMMUNITY_PAGES = new Set(["/", "/members", "/classroom", "/calendar", "/leaderboards", "/about"]);

/** The community a page on screen belongs to, as far as the cache knows; null for a page of none. */
function communityOnScreen(qc: QueryClient, pathname: string): { communityId: string | null; exit: ExitPath } | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (CURRENT_COMMUNITY_PAGES.has(path)) return { communityId: getCurrentCommunityId(), exit: "/communities/explore" };
  const [, page, rawId] = path.match(/^\/(chat|post|course|video)\/([^/]+)$/) ?? [];
  if (!page || !rawId) return null;
  const id = decodeURIComponent(rawId);
  switch (page) {
    case "chat":
      return {
        communityId: qc.getQueryData<ConversationDetail>(conversationKeys.detail(id))?.communityId ?? null,
        exit: "/messages",
      };
    case "post":
      return {
        communityId: qc.getQueryData<{ community?: { id: string } }>(postKey(id))?.community?.id ?? null,
        exit: "/communities/explore",
      };
    default: {
      const key = page === "course" ? classroomKeys.course(id) : classroomKeys.video(id);
      return {
        communityId: qc.getQueryData<{ course?: { communityId: string } }>(key)?.course?.communityId ?? null,
        exit: "/communities/explore",
      };
    }
  }
}

/**
 * The person was removed, banned or left, or their paid access ended: what the tab holds of the community
 * is read again (a page of it still on screen then shows that it is closed to them), and a tab inside it
 * (its feed or sections, a post, a course, one of its group chats) leaves for Explore or the chats.
 */
function endCommunityAccess(qc: QueryClient, communityId: string, place: UserEventPlace) {
  // Read before the lists are asked for again, which no longer name it.
  const name =
    qc.getQueryData<MyCommunity[]>(meKeys.communities())?.find((c) => c.id === communityId)?.name ??
    qc.getQueryData<CommunityView>(communityKeys.detail(communityId))?.community.name ??
    null;
  const here = communityOnScreen(qc, place.pathname());
  if (here?.communityId === communityId) place.leave(here.exit, name);

  for (const queryKey of [
    meKeys.communities(),
    communityKeys.explore(),
    conversationKeys.lists(),
    conversationKeys.groupChats(communityId),
  ]) {
    void qc.invalidateQueries({ queryKey });
  }
  // Its own screens: keyed ["communities", kind, communityId, ...] or [feature, communityId, ...].
  void qc.invalidateQueries({
    predicate: ({ queryKey: [root, ...rest] }) =>
      root === communityKeys.all()[0] ? rest[1] === communityId : COMMUNITY_SCOPED.has(root as string) && rest[0] === communityId,
  });
  // Its group chats: the open one's room has closed, and the chat reads again that it is closed to them.
  void qc.invalidateQueries({
    queryKey: conversationKeys.all(),
    predicate: (query) =>
      query.queryKey[1] === conversationKeys.detail("")[1] &&
      (query.state.data as ConversationDetail | undefined)?.communityId === communityId,
  });
}

/**
 * After a reconnect: whatever arrived while we were away is fetched again. A chat's history is left
 * out: its conversation room keeps it and catches up by version when it opens, and a history fetched
 * again wholesale replaces it, so a message the room delivered while that fetch was on its way was
 * lost from the open chat (the answer was written before the message).
 */
export function refreshUserData(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: notificationKeys.all() });
  const history = conversationKeys.history("")[1];
  void qc.invalidateQueries({ queryKey: conversationKeys.all(), predicate: (query) => query.queryKey[1] !== history });
}
