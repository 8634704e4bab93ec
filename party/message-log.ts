import type { ChatMessage, Person, Reaction } from "../common/contract/chat-message";
import { groupReactions, REACTION_ROWS_READ } from "../common/reactions";

/**
 * A conversation's messages as its room keeps them, in the room's own SQLite storage (the Durable
 * Object's). The room numbers every change of the conversation (a send, an edit, a delete, a reaction)
 * with the conversation's next version, stores it and, in the same transaction, queues what D1 must
 * learn of it (`outbox`): D1 keeps what lists, badges, reports, export and purge read across
 * conversations, written behind the room in the order the room numbered the changes. The reactions are
 * kept here too, so that a change is shown from the room's storage as a send is, without waiting for D1.
 */

/** A message as the room keeps it. */
export type StoredMessage = {
  id: string;
  seq: number;
  version: number;
  senderId: string | null;
  senderName: string | null;
  senderAvatar: string | null;
  content: string;
  messageType: string;
  fileUrl: string | null;
  replyToId: string | null;
  isEdited: boolean;
  isDeleted: boolean;
  createdAt: number;
  updatedAt: number;
};

/**
 * One person's reaction to a message as the room keeps it, with the name the worker gave when they
 * reacted (or D1 had when the room read it in): as with a message's sender, a later change of name is
 * not the room's to know.
 */
export type StoredReaction = {
  messageId: string;
  userId: string;
  fullName: string;
  emoji: string;
  createdAt: number;
};

/** A send as the room takes it: through the socket (text) or the API (which checked an image's upload). */
export type NewMessage = {
  id: string;
  content: string;
  messageType: string;
  fileUrl: string | null;
  replyToId: string | null;
};

/** What D1 is told, in version order; applying one twice changes nothing the first did not. */
export type MirrorOp =
  | {
      kind: "send";
      conversationId: string;
      message: StoredMessage;
      /** Not notified: who had the chat open, and who is on the other side of a block from the sender. */
      skip: string[];
    }
  | { kind: "edit"; conversationId: string; messageId: string; version: number; content: string; at: number }
  | { kind: "delete"; conversationId: string; messageId: string; version: number; at: number }
  | {
      kind: "react";
      conversationId: string;
      messageId: string;
      version: number;
      userId: string;
      emoji: string;
      active: boolean;
      at: number;
    };

/** A change the API asks of a message (it checked who may make it); a reactor's name is shown with the reaction. */
export type MessageChange =
  | { kind: "edit"; content: string }
  | { kind: "delete" }
  | { kind: "react"; userId: string; fullName: string; emoji: string; active: boolean };

type Row = Record<string, SqlStorageValue>;

const SCHEMA = `
  create table if not exists meta (key text primary key, value integer not null);
  create table if not exists messages (
    id text primary key,
    seq integer not null,
    version integer not null,
    sender_id text,
    sender_name text,
    sender_avatar text,
    content text not null,
    message_type text not null,
    file_url text,
    reply_to_id text,
    is_edited integer not null default 0,
    is_deleted integer not null default 0,
    created_at integer not null,
    updated_at integer not null
  );
  create index if not exists messages_by_version on messages (version);
  create index if not exists messages_by_sender on messages (sender_id, created_at);
  create table if not exists reactions (
    message_id text not null,
    user_id text not null,
    full_name text not null,
    emoji text not null,
    created_at integer not null,
    primary key (message_id, user_id, emoji)
  );
  create table if not exists outbox (n integer primary key autoincrement, op text not null);
`;

/**
 * The "imported" mark of a room that has read D1 in, reactions and all. A room marked 1 read in the
 * messages before it kept reactions: it reads D1 in again (safe to repeat) to have them.
 */
const IMPORTED = 2;

const fromRow = (r: Row): StoredMessage => ({
  id: r.id as string,
  seq: r.seq as number,
  version: r.version as number,
  senderId: (r.sender_id as string | null) ?? null,
  senderName: (r.sender_name as string | null) ?? null,
  senderAvatar: (r.sender_avatar as string | null) ?? null,
  content: r.content as string,
  messageType: r.message_type as string,
  fileUrl: (r.file_url as string | null) ?? null,
  replyToId: (r.reply_to_id as string | null) ?? null,
  isEdited: r.is_edited === 1,
  isDeleted: r.is_deleted === 1,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

export class MessageLog {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly conversationId: string,
  ) {
    storage.sql.exec(SCHEMA);
  }

  #meta(key: string): number {
    const row = this.storage.sql.exec<{ value: number }>("select value from meta where key = ?", key).toArray()[0];
    return row?.value ?? 0;
  }

  #setMeta(key: string, value: number): void {
    this.storage.sql.exec(
      "insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
      key,
      value,
    );
  }

  /** The conversation's last version: every change takes the next one. */
  get version(): number {
    return this.#meta("version");
  }

  /** Whether the messages D1 held before the room kept them have been read in (`importFrom`). */
  get imported(): boolean {
    // Asked at every send: read from storage once, then kept (only this object changes it).
    this.#imported ??= this.#meta("imported") === IMPORTED;
    return this.#imported;
  }

  #imported: boolean | undefined;

  /** A group of an archived community: read-only (its room is told by the API and at every upgrade). */
  get readOnly(): boolean {
    this.#readOnly ??= this.#meta("read_only") === 1;
    return this.#readOnly;
  }

  set readOnly(value: boolean) {
    // Told at every upgrade: written only when it changes, so a socket's arrival is no storage write
    // (each write is a commit the room's frames wait for).
    if (this.readOnly === value) return;
    this.#setMeta("read_only", value ? 1 : 0);
    this.#readOnly = value;
  }

  #readOnly: boolean | undefined;

  /**
   * Reads in a page of the messages D1 held before the room kept them, with their reactions; `complete`
   * with the last page. Safe to run again: a message or reaction the room has keeps what the room knows
   * (it may be newer), and the version never goes back.
   */
  importFrom(version: number, messages: readonly StoredMessage[], reactions: readonly StoredReaction[], complete: boolean): void {
    this.storage.transactionSync(() => {
      let top = Math.max(this.version, version);
      for (const m of messages) {
        this.#insert(m);
        top = Math.max(top, m.version);
      }
      for (const r of reactions) this.#react(r);
      this.#setMeta("version", top);
      if (complete) {
        this.#setMeta("imported", IMPORTED);
        this.#imported = true;
      }
    });
  }

  /** Stores a reaction; answers whether it is new. */
  #react(r: StoredReaction): boolean {
    return (
      this.storage.sql.exec(
        `insert into reactions (message_id, user_id, full_name, emoji, created_at) values (?, ?, ?, ?, ?)
         on conflict do nothing`,
        r.messageId,
        r.userId,
        r.fullName,
        r.emoji,
        r.createdAt,
      ).rowsWritten > 0
    );
  }

  #insert(m: StoredMessage): void {
    this.storage.sql.exec(
      `insert into messages (id, seq, version, sender_id, sender_name, sender_avatar, content, message_type, file_url,
         reply_to_id, is_edited, is_deleted, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
      m.id,
      m.seq,
      m.version,
      m.senderId,
      m.senderName,
      m.senderAvatar,
      m.content,
      m.messageType,
      m.fileUrl,
      m.replyToId,
      m.isEdited ? 1 : 0,
      m.isDeleted ? 1 : 0,
      m.createdAt,
      m.updatedAt,
    );
  }

  /**
   * Forgets the messages and their reactions (not the version): the next use reads them in from D1 again
   * (after an account purge, which took the person's reactions too).
   */
  forgetMessages(): void {
    this.storage.transactionSync(() => {
      this.storage.sql.exec("delete from messages");
      this.storage.sql.exec("delete from reactions");
      this.#setMeta("imported", 0);
      this.#imported = false;
    });
  }

  find(id: string): StoredMessage | null {
    const row = this.storage.sql.exec<Row>("select * from messages where id = ?", id).toArray()[0];
    return row ? fromRow(row) : null;
  }

  /** How many messages `senderId` sent since `since` (ms): the rate limit's count. */
  sentSince(senderId: string, since: number): number {
    return this.storage.sql
      .exec<{ n: number }>("select count(*) as n from messages where sender_id = ? and created_at >= ?", senderId, since)
      .one().n;
  }

  /**
   * Stores a new message with the next version; `queueSend` queues it for D1 in the same turn (the
   * room's writes of one turn commit together).
   */
  append(input: NewMessage, sender: Person, now: number): StoredMessage {
    return this.storage.transactionSync(() => {
      const version = this.version + 1;
      const message: StoredMessage = {
        id: input.id,
        seq: version,
        version,
        senderId: sender.id,
        senderName: sender.fullName,
        senderAvatar: sender.avatarUrl,
        content: input.content,
        messageType: input.messageType,
        fileUrl: input.fileUrl,
        replyToId: input.replyToId,
        isEdited: false,
        isDeleted: false,
        createdAt: now,
        updatedAt: now,
      };
      this.#insert(message);
      this.#setMeta("version", version);
      return message;
    });
  }

  /** `skip`: not notified (who had the chat open, and who is on the other side of a block from the sender). */
  queueSend(message: StoredMessage, skip: readonly string[]): void {
    this.#queue({ kind: "send", conversationId: this.conversationId, message, skip: [...skip] });
  }

  /**
   * Applies a change with the next version and queues it for D1; answers the version, or null when a
   * reaction already stands as asked (a retry): nothing changed, so nothing takes a version, is queued or
   * is told to anyone.
   */
  change(messageId: string, change: MessageChange, now: number): number | null {
    return this.storage.transactionSync(() => {
      const version = this.version + 1;
      const base = { conversationId: this.conversationId, messageId, version, at: now };
      switch (change.kind) {
        case "edit":
          this.storage.sql.exec(
            "update messages set content = ?, is_edited = 1, version = ?, updated_at = ? where id = ?",
            change.content,
            version,
            now,
            messageId,
          );
          break;
        case "delete":
          this.storage.sql.exec(
            "update messages set content = '', file_url = null, is_deleted = 1, version = ?, updated_at = ? where id = ?",
            version,
            now,
            messageId,
          );
          // As D1 does: a deleted message has no reactions.
          this.storage.sql.exec("delete from reactions where message_id = ?", messageId);
          break;
        case "react": {
          const { userId, fullName, emoji, active } = change;
          const changed = active
            ? this.#react({ messageId, userId, fullName, emoji, createdAt: now })
            : this.storage.sql.exec(
                "delete from reactions where message_id = ? and user_id = ? and emoji = ?",
                messageId,
                userId,
                emoji,
              ).rowsWritten > 0;
          if (!changed) return null;
          this.storage.sql.exec("update messages set version = ?, updated_at = ? where id = ?", version, now, messageId);
          break;
        }
      }
      this.#setMeta("version", version);
      // D1 keeps no names of reactors (it has the users): the op is what it was before the room kept them.
      if (change.kind === "react") {
        const { userId, emoji, active } = change;
        this.#queue({ ...base, kind: "react", userId, emoji, active });
      } else this.#queue({ ...base, ...change });
      return version;
    });
  }

  /**
   * A message's reactions as shown: as worker/lib/message-rows.ts reads them from D1 (common/reactions.ts) (the same order,
   * ties included, and the same rows read to name reactors), so the room's frames and the API agree.
   */
  reactionsOf(messageId: string): Reaction[] {
    const counts = this.storage.sql
      .exec<{ emoji: string; n: number }>(
        `select emoji, count(*) as n, min(created_at) as first from reactions where message_id = ?
         group by emoji order by first, emoji`,
        messageId,
      )
      .toArray();
    const reactors = this.storage.sql
      .exec<{ emoji: string; user_id: string; full_name: string }>(
        `select emoji, user_id, full_name from reactions where message_id = ?
         order by created_at, user_id, emoji limit ?`,
        messageId,
        REACTION_ROWS_READ,
      )
      .toArray();
    return groupReactions(
      counts.map((c) => [c.emoji, c.n] as const),
      reactors.map((r) => [r.emoji, r.user_id, r.full_name] as const),
    );
  }

  #queue(op: MirrorOp): number {
    return this.storage.sql.exec<{ n: number }>("insert into outbox (op) values (?) returning n", JSON.stringify(op)).one().n;
  }

  /** The oldest change D1 has not been told of yet. */
  nextOp(): { n: number; op: MirrorOp } | null {
    const row = this.storage.sql.exec<{ n: number; op: string }>("select n, op from outbox order by n limit 1").toArray()[0];
    return row ? { n: row.n, op: JSON.parse(row.op) as MirrorOp } : null;
  }

  /** D1 has it. */
  done(n: number): void {
    this.storage.sql.exec("delete from outbox where n = ?", n);
  }

  get pending(): number {
    return this.storage.sql.exec<{ n: number }>("select count(*) as n from outbox").one().n;
  }
}

/**
 * A message as everyone sees it (a new one has no reactions yet); `reply` is the message it quotes, when
 * the room has it.
 */
export function shownMessage(
  conversationId: string,
  m: StoredMessage,
  reply: StoredMessage | null,
  reactions: Reaction[] = [],
): ChatMessage {
  return {
    id: m.id,
    conversationId,
    seq: m.seq,
    version: m.version,
    sender: m.senderId ? { id: m.senderId, fullName: m.senderName ?? "", avatarUrl: m.senderAvatar } : null,
    content: m.isDeleted ? "" : m.content,
    messageType: m.messageType,
    fileUrl: m.isDeleted ? null : m.fileUrl,
    replyTo: reply
      ? {
          id: reply.id,
          senderName: reply.senderName,
          content: reply.isDeleted ? "" : reply.content,
          messageType: reply.messageType,
          isDeleted: reply.isDeleted,
        }
      : null,
    reactions: m.isDeleted ? [] : reactions,
    isEdited: m.isEdited,
    isDeleted: m.isDeleted,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}
