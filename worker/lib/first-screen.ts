import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Language } from "../../common/contract/enums";
import { CURRENT_COMMUNITY_COOKIE } from "../../common/feed-keys";
import { acceptedLanguages, LANGUAGE_COOKIE, pageLanguage } from "../../common/page-language";
import type { HonoEnv } from "../env";

import type { FirstScreenRequest } from "../../common/first-screen";

/**
 * The page's first screen, rendered by the app's own code. That code (React, the router, every screen)
 * loads on the first page that needs it, not with the API's requests.
 */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<string | null> {
  const { renderFirstScreen: render } = await import("agora:first-screen");
  return render(request);
}

/** The language the browser will read this page in (the rule both share, common/page-language.ts). */
export function requestLanguage(c: Context<HonoEnv>, account: string | null | undefined): Language {
  return pageLanguage({
    asked: c.req.query("lang"),
    saved: getCookie(c, LANGUAGE_COOKIE),
    account,
    preferred: acceptedLanguages(c.req.header("accept-language")),
  });
}

/** The community the reader last chose in this browser (the cookie mirroring it), if any. */
export const requestCommunity = (c: Context<HonoEnv>): string | null => getCookie(c, CURRENT_COMMUNITY_COOKIE) || null;
