import type { MyCommunity } from "./contract/me";

/**
 * The order of a person's communities wherever they are listed (the app's switcher, and the home page
 * the worker inlines): the ones they created first, each group keeping the server's order.
 */
export function orderCommunities(list: MyCommunity[]): MyCommunity[] {
  return [...list.filter((c) => c.isCreator), ...list.filter((c) => !c.isCreator)];
}
