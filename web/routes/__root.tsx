import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Toaster } from "../components/ui/toaster";
import { NotFoundPage } from "../app/not-found";

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
});

function Root() {
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
