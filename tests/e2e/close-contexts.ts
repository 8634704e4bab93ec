import type { Browser } from "@playwright/test";

/**
 * An afterEach hook for journeys that open their own browser contexts. The browser lives as long as the
 * worker, so a context nobody closes keeps its pages, sockets and polling running through every later
 * test and file, slowing the one dev server they all share. (Failure screenshots and traces are taken
 * before afterEach hooks run.)
 */
export async function closeContexts({ browser }: { browser: Browser }) {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
