import { onlineManager, type QueryClient } from "@tanstack/react-query";
import i18n from "i18next";
import { useMemo, useSyncExternalStore } from "react";
import type { BodyOf, Route } from "../../../common/contract";
import { fillPath, splitRoute } from "../../../common/contract/route";
import { newId } from "../../../common/ids";
import { ApiError, NETWORK_ERROR, request } from "../api";
import { meKeys, type SessionUser } from "../session";
import { toast } from "../toast";
import { deleteAllWrites, deleteWrite, storedWrites, storeWrite, type PendingWrite } from "./outbox-store";

export type { PendingWrite };

/**
 * Posts, comments and messages written offline wait here (in IndexedDB, so a closed tab keeps them) and
 * go out in the order they were written once the browser is online again. Each carries the id the client
 * made for it, so sending it twice (two tabs, or an answer lost on the way back) stores it once.
 */
let writes: PendingWrite[] = [];
const listeners = new Set<() => void>();

function publish(next: PendingWrite[]) {
  writes = next.sort((a, b) => a.createdAt - b.createdAt);
  listeners.forEach((l) => l());
}

async function reload() {
  publish(await storedWrites());
}

/** Whether a write should wait in the outbox instead of being sent now. */
export const isOffline = () => !navigator.onLine;

type QueuedCall<R extends Route> = Pick<PendingWrite, "scope" | "refresh"> & {
  params: Record<string, string>;
  body: BodyOf<R> & Record<string, unknown>;
  /** The write's own id when its body names it (messages); else one is made for it. */
  id?: string;
};

/** Keeps a create for later, as the signed-in user's, e.g. `queueCall(qc, "POST /api/posts/:postId/comments", ...)`; answers its id. */
export async function queueCall<R extends Route>(queryClient: QueryClient, route: R, write: QueuedCall<R>): Promise<string> {
  const user = queryClient.getQueryData<SessionUser | null>(meKeys.session());
  if (!user) throw new ApiError(401, "UNAUTHORIZED", "Sign in to continue");
  const { path } = splitRoute(route);
  const pending: PendingWrite = {
    id: write.id ?? newId(),
    userId: user.id,
    scope: write.scope,
    method: "POST",
    path: fillPath(path, write.params),
    body: write.body,
    refresh: write.refresh,
    createdAt: Date.now(),
  };
  await storeWrite(pending);
  await reload();
  return pending.id;
}

let flushing: Promise<void> | null = null;
/**
 * How often waiting writes are tried again: the online event may come a moment before requests get
 * through, and a server can have a bad minute.
 */
const RETRY_MS = 5_000;

async function send(queryClient: QueryClient): Promise<void> {
  const user = queryClient.getQueryData<SessionUser | null>(meKeys.session());
  if (!user || isOffline()) return;
  await reload();
  for (const write of writes.filter((w) => w.userId === user.id)) {
    try {
      await request(write.method, write.path, { body: write.body, idempotencyKey: write.id });
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === NETWORK_ERROR || err.status >= 500 || err.status === 429) return;
      toast({ title: i18n.t("pwa.sendFailed"), description: err.message, variant: "destructive" });
    }
    await deleteWrite(write.id);
    await reload();
    await Promise.all(write.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }
}

/**
 * Sends the signed-in user's waiting writes, oldest first, one run at a time. A run stops at the first
 * write the network or a server error holds back (the rest would fail the same way); one the server
 * refuses (4xx) is dropped with a toast, since sending it again would be refused again.
 */
export function flushOutbox(queryClient: QueryClient): Promise<void> {
  // Cleared in `finally`, after the assignment: a run that ends at once must not leave itself behind.
  flushing ??= send(queryClient).finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Forgets every waiting write (signing out: the next person on this browser must not send them). */
export async function clearOutbox(): Promise<void> {
  await deleteAllWrites();
  publish([]);
}

/** Sends waiting writes now and whenever the browser comes back online. */
export function startOutbox(queryClient: QueryClient): void {
  // The query client assumes it starts online; a page opened offline would never hear it come back.
  onlineManager.setOnline(navigator.onLine);
  window.addEventListener("online", () => void flushOutbox(queryClient));
  setInterval(() => {
    if (writes.length > 0 && !isOffline()) void flushOutbox(queryClient);
  }, RETRY_MS);
  void reload().then(() => flushOutbox(queryClient));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => writes;

/** The writes waiting to be sent that `scope` shows, oldest first. */
export function usePendingWrites(scope: string): PendingWrite[] {
  const all = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => all.filter((w) => w.scope === scope), [all, scope]);
}
