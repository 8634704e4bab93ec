/** Where this worker serves its local Flitt sandbox in development and tests (free of worker imports, so Node tests can use it). */
export const SANDBOX_PATH = "/dev/flitt";
