import { isDevelopment, type AppEnv } from "../env";

/**
 * The public origin links point to. Production uses APP_URL; development and tests follow the host
 * actually used (Vite dev, preview and the test harness run on different ports).
 */
export function publicOrigin(env: AppEnv, request: Request): string {
  return isDevelopment(env) ? new URL(request.url).origin : env.APP_URL;
}
