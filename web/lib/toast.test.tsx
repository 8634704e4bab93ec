import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/ui/toaster";
import { clearToasts, dismissToast, getToasts, pauseToasts, resumeToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT } from "./toast";
import { initI18n } from "./i18n";

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it("shows at most 3 toasts, dropping the oldest", () => {
    for (let i = 1; i <= 5; i++) toast({ title: `Toast ${i}` });
    expect(TOAST_LIMIT).toBe(3);
    expect(getToasts().map((t) => t.title)).toEqual(["Toast 3", "Toast 4", "Toast 5"]);
  });

  it("dismisses each toast after 4000 ms", () => {
    toast({ title: "First" });
    vi.advanceTimersByTime(2000);
    toast({ title: "Second" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 2000 - 1);
    expect(getToasts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.title)).toEqual(["Second"]);
    vi.advanceTimersByTime(2000);
    expect(getToasts()).toHaveLength(0);
  });

  it("defaults to the default variant and keeps title and description", () => {
    toast({ title: "Saved", description: "All good" });
    toast({ title: "Sign in failed", description: "Invalid email or password", variant: "destructive" });
    expect(getToasts()).toMatchObject([
      { title: "Saved", description: "All good", variant: "default" },
      { title: "Sign in failed", description: "Invalid email or password", variant: "destructive" },
    ]);
  });

  it("keeps a toast with an action until it is used or dismissed", () => {
    toast({ title: "A new version is available", action: { label: "Reload", onClick: () => {} } });
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10);
    expect(getToasts().map((t) => t.title)).toEqual(["A new version is available"]);
  });

  it("can be dismissed by id", () => {
    const id = toast({ title: "Bye" });
    dismissToast(id);
    expect(getToasts()).toHaveLength(0);
  });

  it("stops the clock while paused and resumes with the time left", () => {
    toast({ title: "Reading" });
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);
    resumeToasts();
    vi.advanceTimersByTime(999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});

describe("<Toaster>", () => {
  beforeEach(async () => {
    await initI18n("en");
    clearToasts();
  });
  afterEach(() => {
    cleanup();
    clearToasts();
  });

  it("renders toasts inside a polite live region, errors as alerts", () => {
    render(<Toaster />);
    const region = screen.getByRole("region", { name: "Alerts" });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();

    act(() => {
      toast({ title: "Welcome back!", description: "You have successfully signed in.", variant: "success" });
      toast({ title: "Sign in failed", description: "Invalid email or password", variant: "destructive" });
    });
    expect(screen.getByRole("status").textContent).toBe("Welcome back!You have successfully signed in.");
    expect(screen.getByRole("alert").textContent).toBe("Sign in failedInvalid email or password");
  });

  it("closes a toast with its dismiss button", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Signed out" }));
    act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    expect(screen.queryByText("Signed out")).toBeNull();
  });

  it("runs a toast's action from its button and closes the toast", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    act(() => void toast({ title: "A new version is available", action: { label: "Reload", onClick } }));
    act(() => screen.getByRole("button", { name: "Reload" }).click());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("A new version is available")).toBeNull();
  });
});
