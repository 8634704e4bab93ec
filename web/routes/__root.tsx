import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Toaster } from "../components/ui/toaster";
import { NotFoundPage } from "../app/not-found";
import { useAccountLanguage } from "../lib/language-choice";

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
});

function Root() {
  useAccountLanguage();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function RootNotFound() {
  return (
    <main>
      <NotFoundPage />
    </main>
  );
}
