export const headerIconButton =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-foreground hover:bg-muted";

/** Full width under the header on phones, a 24rem panel under its button from the sm breakpoint. */
export const headerPanel =
  "fixed inset-x-2 top-16 max-h-[75vh] overflow-y-auto sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96";
