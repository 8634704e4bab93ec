// Values vitest.config.ts hands to the tests (`inject`): which engine the data-layer tests run on.
declare module "vitest" {
  export interface ProvidedContext {
    /** "d1" in the workerd project, "libsql" in the Node project. */
    dbEngine: "d1" | "libsql";
    /** The libSQL project's temporary directory for file databases (removed after the run). */
    libsqlDir: string;
  }
}

export {};
