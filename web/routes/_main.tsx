import { createFileRoute } from "@tanstack/react-router";
import { MainLayout } from "../app/main-layout";

/** The shell (header and tab bar) around every page that is not an auth screen. */
export const Route = createFileRoute("/_main")({ component: MainLayout });
