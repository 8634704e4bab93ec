import { Hono } from "hono";
import type { HonoEnv } from "../../env";
import { SANDBOX_PATH } from "./path";
import { flittSandboxRoutes } from "./sandbox.routes";

/**
 * The local Flitt alone, at the path the app serves it on, as a worker of its own: what a test starts
 * to drive the sandbox from outside a worker (Flitt's own Node SDK, tests/flitt-sdk) without building
 * the whole app. Its callbacks to the app go nowhere, as the app is not here.
 */
export default new Hono<HonoEnv>().route(SANDBOX_PATH, flittSandboxRoutes);
