/**
 * The parts of the realtime protocol (common/realtime-protocol.ts) that need no schema: party names, the
 * heartbeat frames, the encoding. Apart so that the browser can open rooms and send frames without
 * making the protocol's schemas first; it loads them on their own (web/lib/realtime.ts).
 */

/** Party names as they appear in `/parties/:party/:room` (kebab-case of the Durable Object bindings). */
export const PARTIES = ["community-room", "conversation-room", "user-room"] as const;
export type PartyName = (typeof PARTIES)[number];
export const isPartyName = (value: string): value is PartyName => (PARTIES as readonly string[]).includes(value);

/** Room names are ids (UUIDv7); anything else never reaches a room. */
export const ROOM_NAME_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Largest client frame a room reads (in UTF-16 units, as JSON text): a `message.send` of MESSAGE_MAX
 * (4,000) characters, each written as two when escaped (quotes, backslashes, line breaks), with its envelope.
 */
export const MAX_CLIENT_FRAME_BYTES = 8400;

/** The exact heartbeat frame; rooms answer it without waking from hibernation. */
export const HEARTBEAT_PING = '{"type":"ping"}';
export const HEARTBEAT_PONG = '{"type":"pong"}';

/** A frame as sent: one JSON object with its `type` (its shape is the protocol's, typed where it is sent). */
export const encodeMessage = (message: { type: string }): string => JSON.stringify(message);
