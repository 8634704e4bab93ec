import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input,textarea" }), { target: { value } });

function submit(name: string) {
  fireEvent.click(screen.getByRole("button", { name }));
}

describe("sign in", () => {
  it("checks required fields before calling the server", async () => {
    const { calls } = mockFetch({ "GET /api/me": { body: { user: null } } });
    await renderApp("/auth/login");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    submit("Sign In");
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("signs in, greets the user and goes to the redirect target about 500 ms later", async () => {
    let signedIn = false;
    const { calls } = mockFetch({
      "GET /api/me": () => ({ body: { user: signedIn ? anaUser : null } }),
      "POST /api/auth/sign-in/email": () => {
        signedIn = true;
        return { body: { redirect: false, token: "t", user: { id: "u_ana" } } };
      },
      "GET /api/me/communities": { body: { communities: [] } },
    });
    const { router } = await renderApp("/auth/login?redirect=%2Fmembers");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    type("Email", " ana@example.com ");
    type("Password", "demo-pass-2026");
    fireEvent.click(screen.getByLabelText("Remember me"));
    submit("Sign In");

    expect(await screen.findByText("Welcome back!")).toBeTruthy();
    expect(screen.getByText("You have successfully signed in.")).toBeTruthy();
    const post = calls.find((c) => c.path === "/api/auth/sign-in/email");
    expect(post?.body).toEqual({ email: "ana@example.com", password: "demo-pass-2026", rememberMe: true });
    const shownAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe("/members"), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(400);
  });

  it("shows the server's message when sign-in fails", async () => {
    mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/sign-in/email": {
        status: 401,
        body: { error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password", requestId: "r" } },
      },
    });
    await renderApp("/auth/login");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    type("Email", "ana@example.com");
    type("Password", "wrong-password");
    submit("Sign In");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Sign in failed");
    expect(alert.textContent).toContain("Invalid email or password");
  });

  it("says how long to wait when sign-in is held back", async () => {
    mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/sign-in/email": {
        status: 429,
        body: {
          error: { code: "RATE_LIMITED", message: "Too many attempts. Please try again in 15 minutes.", requestId: "r" },
        },
      },
    });
    await renderApp("/auth/login");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    type("Email", "ana@example.com");
    type("Password", "some-password");
    submit("Sign In");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Sign in failed");
    expect(alert.textContent).toContain("Too many attempts. Please try again in 15 minutes.");
  });

  it("explains an unverified e-mail and that a new link was sent", async () => {
    mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/sign-in/email": {
        status: 403,
        body: { error: { code: "EMAIL_NOT_VERIFIED", message: "Email not verified", requestId: "r" } },
      },
    });
    await renderApp("/auth/login");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    type("Email", "new@example.com");
    type("Password", "some-password");
    submit("Sign In");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Email not verified");
    expect(alert.textContent).toContain("We have sent you a new verification link.");
  });

  it("toggles password visibility with an accessible button", async () => {
    mockFetch({ "GET /api/me": { body: { user: null } } });
    await renderApp("/auth/login");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    const input = screen.getByLabelText("Password", { selector: "input" });
    expect(input.getAttribute("type")).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input.getAttribute("type")).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input.getAttribute("type")).toBe("password");
  });
});

describe("sign up", () => {
  it("validates each field on the client", async () => {
    const { calls } = mockFetch({ "GET /api/me": { body: { user: null } } });
    await renderApp("/auth/register");
    await screen.findByRole("heading", { name: "Create your account" });
    type("Email", "not-an-email");
    type("Password", "short");
    type("Confirm password", "different");
    submit("Create Account");
    expect(await screen.findByText("First name is required")).toBeTruthy();
    expect(screen.getByText("Last name is required")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByText("Passwords must match")).toBeTruthy();
    expect(screen.getByText("You must accept the terms to continue")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  function fillValid() {
    type("First name", " Nino ");
    type("Last name", "Beridze");
    type("Email", "nino@example.com");
    type("Password", "long-enough-1");
    type("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByLabelText("I agree to the Terms of Service and Privacy Policy"));
  }

  it("registers and asks the user to check their e-mail", async () => {
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/sign-up/email": { body: { token: null, user: { id: "u_new" } } },
    });
    await renderApp("/auth/register");
    await screen.findByRole("heading", { name: "Create your account" });
    fillValid();
    submit("Create Account");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(screen.getByText(/nino@example\.com/)).toBeTruthy();
    expect(screen.getByText("Registration successful!")).toBeTruthy();
    expect(screen.getByText("Please check your email to verify your account.")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/sign-up/email")?.body).toEqual({
      name: "Nino Beridze",
      email: "nino@example.com",
      password: "long-enough-1",
      callbackURL: "/auth/complete-profile",
      language: "en",
    });
  });

  it("puts the server's field problems under the fields", async () => {
    mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/sign-up/email": {
        status: 422,
        body: {
          error: {
            code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
            message: "User already exists. Use another email.",
            requestId: "r",
          },
        },
      },
    });
    await renderApp("/auth/register");
    await screen.findByRole("heading", { name: "Create your account" });
    fillValid();
    submit("Create Account");
    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = email.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy.split(" ").pop()!)?.textContent).toBe("User already exists. Use another email.");
    // Said once, beside the field: no toast repeats it.
    expect(screen.queryByText("Registration failed")).toBeNull();
  });
});

describe("password reset", () => {
  it("sends a reset link and can start over", async () => {
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/request-password-reset": { body: { status: true } },
    });
    await renderApp("/auth/forgot-password");
    await screen.findByRole("heading", { name: "Reset your password" });
    type("Email", "ana@example.com");
    submit("Send reset link");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(screen.getByText(/ana@example\.com/)).toBeTruthy();
    expect(screen.getByText("Password reset email sent")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/request-password-reset")?.body).toEqual({ email: "ana@example.com" });
    fireEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(await screen.findByRole("button", { name: "Send reset link" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth/login");
  });

  it("sets the new password with the token from the link, then returns to sign-in after 2 s", async () => {
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/reset-password": { body: { status: true } },
    });
    const { router } = await renderApp("/auth/reset-password?token=tok123");
    await screen.findByRole("heading", { name: "Set a new password" });
    type("New password", "brand-new-pass");
    type("Confirm new password", "brand-new-pass");
    submit("Reset password");
    expect(await screen.findByRole("heading", { name: "Password reset successful" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({
      newPassword: "brand-new-pass",
      token: "tok123",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"), { timeout: 3500 });
  });

  it("reports an expired link with the server's message", async () => {
    mockFetch({
      "GET /api/me": { body: { user: null } },
      "POST /api/auth/reset-password": {
        status: 400,
        body: { error: { code: "INVALID_TOKEN", message: "Invalid token", requestId: "r" } },
      },
    });
    await renderApp("/auth/reset-password?token=old");
    await screen.findByRole("heading", { name: "Set a new password" });
    type("New password", "brand-new-pass");
    type("Confirm new password", "brand-new-pass");
    submit("Reset password");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Password reset failed");
    expect(alert.textContent).toContain("Invalid token");
  });

  it("explains a link without a token", async () => {
    mockFetch({ "GET /api/me": { body: { user: null } } });
    await renderApp("/auth/reset-password?error=INVALID_TOKEN");
    expect(await screen.findByRole("heading", { name: "Invalid or expired link" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/auth/forgot-password");
  });
});

describe("complete profile", () => {
  it("needs a signed-in user", async () => {
    mockFetch({ "GET /api/me": { body: { user: null } } });
    const { router } = await renderApp("/auth/complete-profile");
    await screen.findByRole("heading", { name: "Sign in to your account" });
    expect(router.state.location.search).toEqual({ redirect: "/auth/complete-profile" });
  });

  it("has Basic Info and Additional Info tabs, a bio counter and a way to skip", async () => {
    mockFetch({ "GET /api/me": { body: { user: anaUser } } });
    await renderApp("/auth/complete-profile");
    await screen.findByRole("heading", { name: "Complete your profile" });
    expect(screen.getByRole("tab", { name: "Basic Info" }).getAttribute("aria-selected")).toBe("true");
    type("Bio", "Photographer from Tbilisi");
    expect(screen.getByText("25/200")).toBeTruthy();
    expect(screen.getByLabelText("Bio").getAttribute("maxlength")).toBe("200");
    submit("Next");
    expect(screen.getByRole("tab", { name: "Additional Info" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Profession")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Profile" }).hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("link", { name: "Skip for now" }).getAttribute("href")).toBe("/");
  });

  it("saves the answers, empty ones as nothing, welcomes the person and goes home", async () => {
    const { calls } = mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "GET /api/me/communities": { body: { communities: [] } },
      "PATCH /api/me/profile": { body: {} },
    });
    const { router } = await renderApp("/auth/complete-profile");
    await screen.findByRole("heading", { name: "Complete your profile" });
    type("Bio", "Photographer from Tbilisi");
    submit("Next");
    type("Profession", "Photographer");
    type("Website", "ana.example.com");
    submit("Complete Profile");
    expect(await screen.findByText("Profile completed! Welcome to the community.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      bio: "Photographer from Tbilisi",
      profession: "Photographer",
      location: "",
      website: "https://ana.example.com",
      birthDate: "",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows the server's field message on the tab that holds the field", async () => {
    mockFetch({
      "GET /api/me": { body: { user: anaUser } },
      "PATCH /api/me/profile": {
        status: 422,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Some fields are not valid.",
            requestId: "r",
            issues: [{ path: "bio", message: "Bio must be at most 200 characters" }],
          },
        },
      },
    });
    await renderApp("/auth/complete-profile");
    await screen.findByRole("heading", { name: "Complete your profile" });
    submit("Next");
    submit("Complete Profile");
    expect(await screen.findByText("Bio must be at most 200 characters")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Basic Info" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Profile update failed")).toBeTruthy();
  });
});
