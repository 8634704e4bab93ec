import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCurrentCommunityId, setCurrentCommunityId } from "./lib/current-community";
import { anaUser, community, mockFetch } from "./test/fetch-mock";
import { renderApp } from "./test/render-app";

afterEach(() => {
  vi.restoreAllMocks();
});

const signedOut = { "GET /api/me": { body: { user: null } } };
const signedIn = (communities: unknown[] = []) => ({
  "GET /api/me": { body: { user: anaUser } },
  "GET /api/me/communities": { body: { communities } },
});

describe("route guards", () => {
  it("sends a visitor from a protected page to sign-in, remembering where they wanted to go", async () => {
    mockFetch(signedOut);
    const { router } = await renderApp("/profile?tab=1");
    expect(await screen.findByRole("heading", { name: "Sign in to your account" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(router.state.location.search).toEqual({ redirect: "/profile?tab=1" });
  });

  it("treats a missing session endpoint (404) as signed out", async () => {
    mockFetch({});
    const { router } = await renderApp("/settings/privacy-security");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(router.state.location.search).toEqual({ redirect: "/settings/privacy-security" });
  });

  it("sends a signed-in user away from the sign-in page to the redirect target", async () => {
    mockFetch(signedIn());
    const { router } = await renderApp("/auth/login?redirect=%2Fcalendar");
    await waitFor(() => expect(router.state.location.pathname).toBe("/calendar"));
    expect(await screen.findByRole("heading", { name: "Calendar" })).toBeTruthy();
  });

  it("never follows a redirect to another site", async () => {
    mockFetch(signedIn());
    const { router } = await renderApp("/auth/register?redirect=https%3A%2F%2Fevil.example");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows protected pages to a signed-in user: the plan payment without its data says so", async () => {
    mockFetch(signedIn());
    await renderApp("/payment/input");
    expect(await screen.findByRole("heading", { name: "Invalid payment data" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
  });
});

describe("public pages", () => {
  it("has a not-found page with a way home", async () => {
    mockFetch(signedOut);
    await renderApp("/no/such/page");
    expect(await screen.findByText("Oops! We couldn't find that page")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("welcomes visitors on the home page with Sign In and Create Account", async () => {
    mockFetch(signedOut);
    await renderApp("/");
    const main = await screen.findByRole("main");
    await within(main).findByRole("heading", { name: "Welcome to Agora" });
    expect(within(main).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth/login");
    expect(within(main).getByRole("link", { name: "Create Account" }).getAttribute("href")).toBe("/auth/register");
    // The header offers only a Sign In button, no account menu.
    expect(screen.queryByRole("button", { name: "Account menu" })).toBeNull();
  });

  it.each([
    ["/messages", "Please sign in to view your messages"],
    ["/new-chat", "Please sign in to start a conversation"],
    ["/notifications", "Please sign in to view your notifications"],
  ])("asks visitors of %s to sign in instead of redirecting", async (path, text) => {
    mockFetch(signedOut);
    const { router } = await renderApp(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it("forwards the old /messages/<id> chat path to /chat/<id>", async () => {
    mockFetch(signedIn());
    const { router } = await renderApp("/messages/abc");
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/abc"));
  });
});

describe("community context", () => {
  it("asks a member whose saved community is gone to pick one", async () => {
    setCurrentCommunityId("c_left");
    mockFetch(signedIn([community()]));
    await renderApp("/");
    expect(
      await screen.findByText("No Community Selected - Please select a community from the dropdown to view posts."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: /Select Community/ })).toBeTruthy();
  });

  it("selects the first community (created ones first) when nothing is saved", async () => {
    mockFetch(
      signedIn([community({ id: "c_1", name: "Joined Club" }), community({ id: "c_2", name: "My Own Club", isCreator: true })]),
    );
    await renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "My Own Club" })).toBeTruthy();
    expect(localStorage.getItem("currentCommunityId")).toBe("c_2");
  });

  it("selects the community named by /?id= and drops the parameter", async () => {
    mockFetch(signedIn([community(), community({ id: "c_2", name: "Caucasus Trail Runners" })]));
    const { router } = await renderApp("/?id=c_2");
    expect(await screen.findByRole("heading", { level: 1, name: "Caucasus Trail Runners" })).toBeTruthy();
    expect(getCurrentCommunityId()).toBe("c_2");
    expect(localStorage.getItem("currentCommunityId")).toBe("c_2");
    expect(router.state.location.search).toEqual({});
  });

  it("shows the Settings tab only when the server says the user can manage the community", async () => {
    setCurrentCommunityId("c_1");
    mockFetch(signedIn([community({ canManage: false })]));
    await renderApp("/");
    const tabs = await screen.findByRole("navigation", { name: "Community sections" });
    await screen.findByRole("heading", { level: 1, name: "Supra Photography Club" });
    expect(within(tabs).queryByRole("link", { name: "Settings" })).toBeNull();
    cleanup();

    mockFetch(signedIn([community({ canManage: true, isCreator: true })]));
    await renderApp("/");
    const managerTabs = await screen.findByRole("navigation", { name: "Community sections" });
    expect(await within(managerTabs).findByRole("link", { name: "Settings" })).toBeTruthy();
  });

  it("marks the tab of the current page", async () => {
    mockFetch(signedIn());
    await renderApp("/leaderboards");
    const tabs = await screen.findByRole("navigation", { name: "Community sections" });
    await screen.findByRole("heading", { name: "Leaderboards" });
    expect(within(tabs).getByRole("link", { name: "Leaderboards" }).getAttribute("aria-current")).toBe("page");
    expect(within(tabs).getByRole("link", { name: "Community" }).getAttribute("aria-current")).toBeNull();
  });

  it("forgets the selected community when nobody is signed in", async () => {
    setCurrentCommunityId("c_1");
    mockFetch(signedOut);
    await renderApp("/");
    await screen.findByRole("heading", { name: "Welcome to Agora" });
    expect(getCurrentCommunityId()).toBeNull();
  });
});

describe("shell", () => {
  it("lists communities, created ones first, and switches on click", async () => {
    mockFetch(
      signedIn([
        community({ id: "c_1", name: "Joined Club" }),
        community({ id: "c_2", name: "My Own Club", isCreator: true, role: "admin" }),
      ]),
    );
    await renderApp("/");
    // Nothing was saved, so the first of the list (the one the user created) is already current.
    const trigger = await screen.findByRole("button", { name: "My Own Club" });
    fireEvent.click(trigger);
    const menu = await screen.findByRole("menu", { name: "Switch Community" });
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((i) => i.textContent)).toEqual(["MMy Own Club", "JJoined Club"]);
    expect(within(menu).getByRole("menuitem", { name: "Explore Communities" }).getAttribute("href")).toBe("/communities/explore");
    expect(within(menu).getByRole("menuitem", { name: "Create Community" }).getAttribute("href")).toBe("/communities/create");
    fireEvent.click(items[1]!);
    expect(await screen.findByRole("heading", { level: 1, name: "Joined Club" })).toBeTruthy();
    expect(localStorage.getItem("currentCommunityId")).toBe("c_1");
  });

  it("shows 'No communities available' when the list is empty", async () => {
    mockFetch(signedIn([]));
    await renderApp("/");
    const trigger = await screen.findByRole("button", { name: /Select Community/ });
    await waitFor(() => expect(trigger.textContent).toContain("Select Community"));
    fireEvent.click(trigger);
    expect(await screen.findByText("No communities available")).toBeTruthy();
  });

  it("caps unread badges at 99+ and survives endpoints that do not exist yet", async () => {
    mockFetch({ ...signedIn(), "GET /api/notifications/unread-count": { body: { count: 250 } } });
    await renderApp("/");
    const bell = await screen.findByRole("button", { name: "Notifications, 250 unread" });
    expect(within(bell).getByText("99+")).toBeTruthy();
    // Conversations answer 404 here: the button is there, without a badge.
    expect(screen.getByRole("button", { name: "Messages" })).toBeTruthy();
  });

  it("shows the user's name, e-mail and current community in the user menu, and signs out", async () => {
    setCurrentCommunityId("c_1");
    const { calls } = mockFetch({
      ...signedIn([community()]),
      "POST /api/auth/sign-out": { body: { success: true } },
    });
    const { router } = await renderApp("/");
    fireEvent.click(await screen.findByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu", { name: "Account" });
    expect(within(menu).getByText("Ana Kapanadze")).toBeTruthy();
    expect(within(menu).getByText("ana@example.com")).toBeTruthy();
    await within(menu).findByText("Supra Photography Club");
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(menu).getByRole("menuitem", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    expect(within(menu).getByRole("menuitem", { name: "Support" }).getAttribute("href")).toBe("/support");

    fireEvent.click(within(menu).getByRole("menuitem", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/auth/sign-out")).toBe(true);
    expect(localStorage.getItem("currentCommunityId")).toBeNull();
    expect(await screen.findByText("Signed out")).toBeTruthy();
    expect(screen.getByText("You have been successfully signed out.")).toBeTruthy();
  });

  it("keeps a signed-out language choice on the device only", async () => {
    const { calls } = mockFetch(signedOut);
    await renderApp("/auth/login");
    fireEvent.click(await screen.findByRole("button", { name: /^Language and theme/ }));
    fireEvent.click(await screen.findByRole("menuitemradio", { name: "Русский" }));
    expect(await screen.findByRole("heading", { name: "Вход в аккаунт" })).toBeTruthy();
    expect(localStorage.getItem("language")).toBe("ru");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await act(async () => {
      const { changeLanguage } = await import("./lib/i18n");
      await changeLanguage("en");
    });
  });

  it("shows a signed-in person their account's language on a device where none was chosen", async () => {
    mockFetch({ ...signedIn(), "GET /api/me": { body: { user: { ...anaUser, language: "ru" } } } });
    await renderApp("/");
    expect(await screen.findByRole("link", { name: "Календарь" })).toBeTruthy();
    expect(localStorage.getItem("language")).toBeNull();
    await act(async () => {
      const { changeLanguage } = await import("./lib/i18n");
      await changeLanguage("en", { persist: false });
    });
  });

  it("keeps the language chosen on the device over the account's", async () => {
    localStorage.setItem("language", "en");
    mockFetch({ ...signedIn(), "GET /api/me": { body: { user: { ...anaUser, language: "ru" } } } });
    await renderApp("/");
    expect(await screen.findByRole("link", { name: "Calendar" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("link", { name: "Календарь" })).toBeNull();
  });

  it("switches language and theme from the user menu", async () => {
    const { calls } = mockFetch({ ...signedIn(), "PATCH /api/me/preferences": { body: { language: "ka" } } });
    await renderApp("/");
    fireEvent.click(await screen.findByRole("button", { name: "Account menu" }));
    fireEvent.click(await screen.findByRole("menuitemradio", { name: "ქართული" }));
    expect(await screen.findByRole("link", { name: "კალენდარი" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("ka");
    expect(localStorage.getItem("language")).toBe("ka");
    // The account keeps it too, so the person's e-mails come in Georgian.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH")).toEqual([
        { method: "PATCH", path: "/api/me/preferences", search: "", body: { language: "ka" } },
      ]),
    );

    fireEvent.click(screen.getByRole("button", { name: "ანგარიშის მენიუ" }));
    fireEvent.click(await screen.findByRole("menuitemradio", { name: /მუქი/ }));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem("theme")).toBe("dark");
    await act(async () => {
      const { changeLanguage } = await import("./lib/i18n");
      await changeLanguage("en");
    });
    const { setTheme } = await import("./lib/theme");
    setTheme("system");
  });
});
