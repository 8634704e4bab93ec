import { createFileRoute, Navigate, Outlet, useLocation } from "@tanstack/react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { requireUser, useSession } from "../../lib/session";

/** Signed-in-only pages: visitors go to /auth/login?redirect=<where they wanted to go>. */
export const Route = createFileRoute("/_main/_protected")({
  beforeLoad: requireUser,
  pendingComponent: PageSpinner,
  // Only a slow first session check shows the spinner; a fast one never flashes it.
  pendingMs: 150,
  pendingMinMs: 300,
  component: ProtectedOutlet,
});

/** The guard only runs on navigation; a session that ends while the page is open is caught here. */
function ProtectedOutlet() {
  const { user, query } = useSession();
  const location = useLocation();
  if (query.isSuccess && !user) return <Navigate to="/auth/login" search={{ redirect: location.href }} replace />;
  return <Outlet />;
}
