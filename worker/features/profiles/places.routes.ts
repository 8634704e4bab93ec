import { Hono } from "hono";
import { PLACE_RESULTS } from "../../../common/contract/limits";
import { placesQuery, profiles } from "../../../common/contract/profiles";
import type { HonoEnv } from "../../env";
import { respond } from "../../lib/respond";
import { requireUser } from "../../lib/session";
import { validate } from "../../lib/validation";
import { bundledPlaces } from "./places/bundled-places";

/** /api/places?q=: location suggestions for the profile forms, in the caller's language. */
export const placesRoutes = new Hono<HonoEnv>().get("/", validate("query", placesQuery), async (c) => {
  const user = await requireUser(c);
  const { q, lang } = c.req.valid("query");
  const items = await bundledPlaces.search(q, lang ?? user.language, PLACE_RESULTS);
  return respond(c, profiles.places, { items });
});
