import type { Connection } from "partyserver";
import type { ChatMessage, Person } from "../common/contract/chat-message";
import { log } from "../common/log";
import { conversationEventSchema, type ConversationEvent } from "../common/realtime-protocol";
import {
  MessageLog,
  shownMessage,
  type MessageChange,
  type MirrorOp,
  type NewMessage,
  type StoredMessage,
  type StoredReaction,
} from "./message-log";
import { rateLimitRules } from "../worker/lib/rate-limit";
import { PresenceRoom } from "./presence-room";
import { READ_ONLY_HEADER, type ConnectionInfo, type SendMessage, type TypingMessage } from "./room-base";

/** What D1 is told of the room's messages, and what the room reads from it once (worker/lib/message-mirror.ts). */
export interface MessageMirror {
  /**
   * The conversation's version and a page of its messages as D1 holds them (by `seq`, after `afterSeq`),
   * with those messages' reactions and the reactors' names: read in once, at the room's first use.
   */
  load(
    conversationId: string,
    page: { afterSeq: number; limit: number },
  ): Promise<{ version: number; readOnly: boolean; messages: StoredMessage[]; reactions: StoredReaction[] }>;
  /**
   * Writes one change to D1 (idempotent: a change applied twice is applied once) and sends the people's
   * own rooms what it means for them (their conversation list, notifications).
   */
  apply(op: MirrorOp): Promise<void>;
  /** A stored message as shown (a retried send answers with it). */
  render(messageId: string): Promise<ChatMessage | null>;
}

/** Sends a sender may make in a fixed window: the API's rule, counted here over the room's own messages. */
const MESSAGING_LIMIT = rateLimitRules.messaging;

/** Messages read from D1 in one query when a room first reads a conversation in. */
export const IMPORT_PAGE = 500;

/** How long after a failed write to D1 the room tries again (its alarm). */
const MIRROR_RETRY_MS = 2000;

export type SendRefusal = {
  ok: false;
  code: "RATE_LIMITED" | "CONFLICT" | "VALIDATION_FAILED" | "READ_ONLY";
  message: string;
  /** RATE_LIMITED: when the window ends. */
  retryAfterMs?: number;
};
export type SendResult = { ok: true; message: ChatMessage; created: boolean } | SendRefusal;
export type ChangeResult = { ok: true; message: ChatMessage } | { ok: false; code: "NOT_FOUND" | "CONFLICT"; message: string };

/**
 * One per conversation (room name = conversation id). Participants only (checked by the worker at the
 * upgrade; the worker closes a participant's sockets when they leave, are removed or blocked).
 *
 * The room holds the conversation's messages (party/message-log.ts): a send through a participant's
 * socket is checked (the sender's rate, the id, the message it replies to, an archived community),
 * numbered, stored, acknowledged and fanned out here, with no D1 round trip; D1 learns of it right after,
 * in the order the room numbered its changes (the outbox), and the people's own rooms hear from D1's
 * answer (their lists and badges). The API's sends, edits, deletes and reactions come through `send` and
 * `change`, after the worker checked the caller; an edit, delete or reaction is shown from the room's
 * storage too (it keeps the reactions), and D1 learns of it behind. Readers of D1 ask `settled` first,
 * so they never read behind what the room has already shown. Also typing and who has the chat open
 * (presence), which decides who gets a MESSAGE notification.
 */
export abstract class ConversationRoomBase extends PresenceRoom {
  protected abstract messageMirror(): MessageMirror;

  #log: MessageLog | undefined;
  #loading: Promise<MessageLog> | undefined;
  #flushing: Promise<void> | undefined;

  /** The log as it stands (its tables made at first use). */
  #store(): MessageLog {
    return (this.#log ??= new MessageLog(this.ctx.storage, this.name));
  }

  /** The log, with D1's earlier messages read in at first use (once; `MessageLog.importFrom`). */
  #messages(): Promise<MessageLog> {
    if (this.#log?.imported) return Promise.resolve(this.#log);
    this.#loading ??= (async () => {
      const messages = this.#store();
      // Page by page, so a long conversation is never one answer held in memory; a room stopped halfway
      // starts again from the first page (importing is safe to repeat).
      for (let afterSeq = -1; !messages.imported;) {
        const page = await this.messageMirror().load(this.name, { afterSeq, limit: IMPORT_PAGE });
        if (messages.imported) break;
        const complete = page.messages.length < IMPORT_PAGE;
        messages.importFrom(page.version, page.messages, page.reactions, complete);
        if (complete) messages.readOnly = page.readOnly;
        else afterSeq = page.messages[page.messages.length - 1]!.seq;
      }
      return messages;
    })().finally(() => (this.#loading = undefined));
    return this.#loading;
  }

  protected override onAdmitted(headers: Headers): void {
    const readOnly = headers.get(READ_ONLY_HEADER);
    if (readOnly !== null) this.#store().readOnly = readOnly === "1";
  }

  protected override onTyping(connection: Connection<ConnectionInfo>, userId: string, message: TypingMessage): void {
    const hidden = connection.state?.hidden;
    this.fanOut(
      { type: "typing", userId, conversationId: this.name, active: message.active },
      connection.id,
      hidden ? new Set(hidden) : undefined,
    );
  }

  protected override async onSend(connection: Connection<ConnectionInfo>, userId: string, frame: SendMessage): Promise<void> {
    const state = connection.state!;
    const sender: Person = { id: userId, fullName: state.name ?? "", avatarUrl: state.avatar ?? null };
    let result: SendResult;
    try {
      // The sender hears first, then the others (the answer does not wait for a thousand sends).
      result = await this.#send(
        { id: frame.id, content: frame.content, messageType: "text", fileUrl: null, replyToId: frame.replyToId ?? null },
        sender,
        state.hidden ?? [],
        { ack: (message) => this.sendTo(connection, { type: "message.ack", id: frame.id, message }) },
      );
    } catch (error) {
      log("error", "message send failed", { room: this.name, error: String(error) });
      this.sendTo(connection, { type: "message.refused", id: frame.id, code: "UNAVAILABLE", message: "Try again." });
      return;
    }
    if (!result.ok)
      this.sendTo(connection, { type: "message.refused", id: frame.id, code: result.code, message: result.message });
    else if (!result.created) this.sendTo(connection, { type: "message.ack", id: frame.id, message: result.message });
  }

  /**
   * RPC for the API's send (an image, or a client without the socket): the worker checked the caller
   * (participant, block, archived community, the image's owner); `hidden` are those a block stands between
   * the sender and. A retry of a stored id by its sender answers that message. The others have it at
   * once; the answer waits for D1 too, so what the API answered, its lists read (should D1 fail now, the
   * message is stored all the same and D1 gets it at the room's next try).
   */
  async send(input: NewMessage, sender: Person, hidden: readonly string[]): Promise<SendResult> {
    const result = await this.#send(input, sender, hidden, { checked: true });
    if (result.ok && result.created) await this.settled().catch(() => undefined);
    return result;
  }

  async #send(
    input: NewMessage,
    sender: Person,
    hidden: readonly string[],
    { checked = false, ack }: { checked?: boolean; ack?: (message: ChatMessage) => void } = {},
  ): Promise<SendResult> {
    const messages = await this.#messages();
    const earlier = messages.find(input.id);
    if (earlier) {
      if (earlier.senderId !== sender.id) {
        return { ok: false, code: "CONFLICT", message: "This message id is already taken. Send the message with a new id." };
      }
      await this.settled();
      const shown = await this.messageMirror().render(input.id);
      return shown
        ? { ok: true, message: shown, created: false }
        : { ok: false, code: "CONFLICT", message: "This message was removed." };
    }
    if (!checked && messages.readOnly)
      return { ok: false, code: "READ_ONLY", message: "This community is archived and read-only." };
    const now = Date.now();
    const windowStart = now - (now % MESSAGING_LIMIT.windowMs);
    if (messages.sentSince(sender.id, windowStart) >= MESSAGING_LIMIT.limit) {
      return {
        ok: false,
        code: "RATE_LIMITED",
        message: "Too many requests. Try again later.",
        retryAfterMs: windowStart + MESSAGING_LIMIT.windowMs - now,
      };
    }
    const reply = input.replyToId ? messages.find(input.replyToId) : null;
    if (input.replyToId && (!reply || reply.isDeleted)) {
      return { ok: false, code: "VALIDATION_FAILED", message: "The message you reply to is not in this conversation" };
    }
    const stored = messages.append(input, sender, now);
    const message = shownMessage(this.name, stored, reply);
    ack?.(message);
    // Made here from checked parts, so sent as it is (the worker's events are checked: `publish`). The
    // walk of the sockets also finds who has the chat open: they, and those on the other side of a block
    // from the sender, are not notified. Queued in the same turn as the message is stored (one commit;
    // no frame leaves before it is durable).
    const skip = new Set(hidden);
    this.fanOut(
      { type: "message.created", conversationId: this.name, message },
      undefined,
      hidden.length ? new Set(hidden) : undefined,
      skip,
    );
    messages.queueSend(stored, [...skip]);
    this.#flushSoon();
    return { ok: true, message, created: true };
  }

  /**
   * RPC for the API's edit, delete and reaction (the worker checked who may make it). The room numbers
   * and stores it, answers and fans it out from its own storage, and D1 gets it right after (as a send
   * through the socket: readers of D1 that must not be behind ask `settled`). A reaction already as asked
   * (a retry) changes nothing: answered as the message stands, with no new version and no frame.
   */
  async change(messageId: string, change: MessageChange, hidden: readonly string[]): Promise<ChangeResult> {
    const messages = await this.#messages();
    const message = messages.find(messageId);
    if (!message) return { ok: false, code: "NOT_FOUND", message: "Message not found." };
    if (message.isDeleted && change.kind !== "delete")
      return { ok: false, code: "CONFLICT", message: "This message was deleted." };
    const version = messages.change(messageId, change, Date.now());
    const changed = messages.find(messageId)!;
    const reply = changed.replyToId ? messages.find(changed.replyToId) : null;
    const shown = shownMessage(this.name, changed, reply, messages.reactionsOf(messageId));
    if (version !== null) {
      // Sent in the turn that stored the change: the frames leave once it is durable (the output gate).
      this.#fanOut({ type: "message.updated", conversationId: this.name, message: shown }, hidden);
      this.#flushSoon();
    }
    return { ok: true, message: shown };
  }

  /**
   * RPC: resolves, with the conversation's version as the room knows it (0 before the room's first
   * message), once D1 has every change the room made; throws if D1 cannot be written now.
   */
  async settled(): Promise<number> {
    const messages = this.#store();
    if (messages.pending > 0) await this.#flush();
    if (messages.pending > 0) throw new Error(`conversation ${this.name}: ${messages.pending} changes not written to D1 yet`);
    return messages.version;
  }

  /** RPC: the community of this group was archived (true) or unarchived: sends through the socket stop or resume. */
  async setReadOnly(readOnly: boolean): Promise<void> {
    (await this.#messages()).readOnly = readOnly;
  }

  /** RPC: D1 changed the messages themselves (an account purge): the room reads them in again at its next use. */
  async reload(): Promise<void> {
    await this.settled();
    (await this.#messages()).forgetMessages();
  }

  /** RPC: the conversation was removed; its messages go with it. */
  async removeMessages(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.#log = undefined;
  }

  #fanOut(event: ConversationEvent, hidden: readonly string[]): number {
    return this.fanOutEvent(conversationEventSchema, event, hidden.length ? new Set(hidden) : undefined);
  }

  /**
   * Writes behind once the room's own commit is done, with the alarm as the net should the room stop
   * before D1 has it. The frames of a send leave at that commit (the output gate), so waiting for it, and
   * then for the event loop's next turn, lets them go before the D1 write's own work takes the room's
   * thread: listeners do not wait for D1's statements to be built and sent.
   */
  #flushSoon(): void {
    const written = this.ctx.storage
      .sync()
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => this.#flush());
    this.ctx.waitUntil(Promise.all([this.#retryAt(Date.now() + MIRROR_RETRY_MS), written]));
  }

  /** When the room's alarm is known to be set (memory: read again after a restart or an alarm). */
  #alarmAt: number | null = null;

  async #retryAt(at: number): Promise<void> {
    // Every send asks; one alarm a couple of seconds ahead serves them all.
    if (this.#alarmAt !== null && this.#alarmAt > Date.now() && this.#alarmAt <= at) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
    this.#alarmAt = current === null || at < current ? at : current;
  }

  /** Tells D1 every queued change, oldest first; one writer at a time. Stops at a failure (the alarm retries). */
  #flush(): Promise<void> {
    this.#flushing ??= (async () => {
      const messages = this.#store();
      for (let next = messages.nextOp(); next; next = messages.nextOp()) {
        try {
          await this.messageMirror().apply(next.op);
        } catch (error) {
          log("error", "message write to D1 failed", { room: this.name, op: next.op.kind, error: String(error) });
          await this.#retryAt(Date.now() + MIRROR_RETRY_MS);
          return;
        }
        messages.done(next.n);
      }
    })().finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  override async onAlarm(): Promise<void> {
    this.#alarmAt = null;
    // Sockets whose access ran out close first; then D1 gets what is queued.
    await super.onAlarm();
    await this.#flush();
    if (this.#store().pending > 0) await this.#retryAt(Date.now() + MIRROR_RETRY_MS);
  }

  /**
   * RPC for the worker when a block between two participants of a group starts or ends: their sockets
   * stop (or start) relaying typing and messages to each other. Sockets opened later get it from the upgrade.
   */
  setHidden(a: string, b: string, hidden: boolean): void {
    for (const [userId, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const connection of this.openConnections(userId)) {
        const state = connection.state!;
        const rest = (state.hidden ?? []).filter((id) => id !== other);
        connection.setState({ ...state, hidden: hidden ? [...rest, other] : rest });
      }
    }
  }

  /**
   * RPC for the worker (worker/lib/rooms.ts) after a D1 commit: sends to every participant online but
   * `hiddenFrom` (people who blocked the sender, or whom the sender blocked, in a group).
   */
  publish(events: readonly ConversationEvent[], hiddenFrom: readonly string[] = []): number {
    const skip = hiddenFrom.length ? new Set(hiddenFrom) : undefined;
    return events.reduce((sent, event) => sent + this.fanOutEvent(conversationEventSchema, event, skip), 0);
  }
}
