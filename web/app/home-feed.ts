import { ensureNamespace } from "../lib/i18n";
import { lazyWithPreload } from "../lib/lazy";

// The feed is most of the home page's code: it loads after the shell, with its texts, so the first route
// stays small (DESIGN section 7). The home route's loader has it load before the page renders for a
// signed-in reader: on a page the worker wrote with the feed in it, React then takes the feed over in
// the same pass as the rest (waiting for the chunk would leave it on screen but not yet the app's, and
// a tap on it in that moment would be lost).
export const FeedView = lazyWithPreload(() =>
  Promise.all([import("../features/feed/feed-view"), ensureNamespace("feed")]).then(([m]) => m),
);
