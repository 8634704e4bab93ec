import type { ChatMessage } from "../../../common/contract/conversations";
import type { ClientMessageInput } from "../../../common/realtime-protocol";
import type { SendInput } from "./chat-mutations";

/** A send the room has not answered in this long goes through the API instead (the same id: never twice). */
export const ROOM_SEND_TIMEOUT_MS = 8000;

type Pending = { resolve: (m: ChatMessage) => void; reject: (e: unknown) => void; timer: ReturnType<typeof setTimeout> };

/**
 * Text messages go through the chat's open socket: the room stores and fans them out with no database
 * round trip (party/conversation-room.ts). What the room refuses, or does not answer (the socket
 * dropped, a timeout), goes through the API with the same id, which answers the reason in the reader's
 * language or stores it (a retry of a message the room has is answered with it). Images always go
 * through the API, which checks that the upload is the sender's.
 */
export class RoomSends {
  #pending = new Map<string, Pending & { viaApi: () => void }>();

  /** Sends a frame through the room's socket (false when it is not open). */
  #frame: (message: ClientMessageInput) => boolean = () => false;

  /** The room's socket changed (the hook tells). */
  attach(frame: (message: ClientMessageInput) => boolean): void {
    this.#frame = frame;
  }

  constructor(private readonly api: (input: SendInput) => Promise<ChatMessage>) {}

  /** Bound: handed around as a function. */
  send = (input: SendInput): Promise<ChatMessage> => {
    if (input.fileUrl || this.#pending.has(input.id)) return this.api(input);
    return new Promise<ChatMessage>((resolve, reject) => {
      const viaApi = () => {
        const pending = this.#pending.get(input.id);
        if (!pending) return;
        clearTimeout(pending.timer);
        this.#pending.delete(input.id);
        this.api(input).then(resolve, reject);
      };
      const timer = setTimeout(viaApi, ROOM_SEND_TIMEOUT_MS);
      this.#pending.set(input.id, { resolve, reject, timer, viaApi });
      const sent = this.#frame({ type: "message.send", id: input.id, content: input.content, replyToId: input.replyToId });
      if (!sent) viaApi();
    });
  };

  /** The room stored it. */
  acked(id: string, message: ChatMessage): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.#pending.delete(id);
    pending.resolve(message);
  }

  /** The room did not take it: the API says why (or takes it). */
  refused(id: string): void {
    this.#pending.get(id)?.viaApi();
  }

  /** The socket closed: whatever it had not answered goes through the API. */
  dropped(): void {
    for (const pending of [...this.#pending.values()]) pending.viaApi();
  }
}
