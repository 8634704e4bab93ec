/**
 * The app's page with nothing of anyone in it (the worker answers it; wrangler.toml routes it there). The
 * service worker keeps it for offline navigation: the pages the worker answers online carry the viewer's
 * session and feed, and a kept copy of one would show the person who installed the worker to whoever
 * opens the app offline next.
 */
export const APP_SHELL_PATH = "/app-shell";
