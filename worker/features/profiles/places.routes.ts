import { PLACE_RESULTS } from "../../../common/contract/limits";
import { profiles } from "../../../common/contract/profiles";
import { respond } from "../../lib/respond";
import { route } from "../../lib/route";
import { requireUser } from "../../lib/session";
import { bundledPlaces } from "./places/bundled-places";

/** /api/places?q=: location suggestions for the profile forms, in the caller's language. */
export const placesRoutes = [
  route(profiles.places, async (c) => {
    const user = await requireUser(c);
    const { q, lang } = c.req.valid("query");
    const items = await bundledPlaces.search(q, lang ?? user.language, PLACE_RESULTS);
    return respond(c, profiles.places, { items });
  }),
];
