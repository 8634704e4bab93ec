import { Outlet } from "@tanstack/react-router";
import type { FormEvent, ReactNode } from "react";
import { Brand } from "../../components/brand";
import { PreferencesMenu } from "../../components/preferences";

export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="flex h-16 items-center justify-between px-4 sm:px-6">
        <Brand />
        <PreferencesMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Outlet />
      </main>
    </div>
  );
}

export function AuthCard({
  title,
  description,
  children,
  footer,
  wide,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "w-full max-w-xl" : "w-full max-w-md"}>
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-foreground">{title}</h1>
        {description && <p className="mt-2 text-center text-sm text-muted-foreground">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}

/**
 * An auth screen's form. It posts: a submit before the app has the page (a first screen the worker
 * wrote) keeps the fields, a password among them, out of the address. The app's own handler sends it.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
    </form>
  );
}
