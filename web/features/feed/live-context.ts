import { createContext, useContext } from "react";
import type { RoomConnectionState } from "../../lib/realtime";

/** The community room's state, for code that counts on live counters when (and only when) they flow. */
export const LiveStateContext = createContext<RoomConnectionState>("closed");

export function useLiveOpen(): boolean {
  return useContext(LiveStateContext) === "open";
}
