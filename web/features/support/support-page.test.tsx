import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SupportContact } from "../../../common/contract/support";
import { anaUser, mockFetch } from "../../test/fetch-mock";
import { renderApp } from "../../test/render-app";

function serve(contact: SupportContact) {
  mockFetch({
    "GET /api/me": { body: { user: anaUser } },
    "GET /api/me/communities": { body: { communities: [] } },
    "GET /api/notifications/unread-count": { body: { count: 0 } },
    "GET /api/support/contact": { body: contact },
    "GET /api/support/tickets": { body: { items: [], nextCursor: null } },
  });
}

const info = async () => within((await screen.findByRole("heading", { name: "Contact information" })).closest("section")!);

describe("the Contact tab", () => {
  it("offers the e-mail and phone the deployment configures, and the support hours", async () => {
    serve({ email: "help@example.org", phone: "+995 32 200 00 00" });
    await renderApp("/support?tab=contact");
    const section = await info();
    expect((await section.findByRole("link", { name: "help@example.org" })).getAttribute("href")).toBe("mailto:help@example.org");
    expect(section.getByRole("link", { name: "+995 32 200 00 00" }).getAttribute("href")).toBe("tel:+995322000000");
    expect(section.getByText("Monday to Friday 9:00 AM to 6:00 PM (GMT+4)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Email Support" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Phone Support" })).toBeTruthy();
  });

  it("hides every channel that is not configured, keeping the ticket form, the hours and the response time", async () => {
    serve({ email: null, phone: null });
    await renderApp("/support?tab=contact");
    const section = await info();
    expect(await screen.findByRole("heading", { name: "Contact Form" })).toBeTruthy();
    expect(section.getByText("Within 24 hours")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Email Support" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Phone Support" })).toBeNull();
    expect(section.queryByText("Email")).toBeNull();
    expect(section.queryByText("Phone")).toBeNull();
    expect(section.getByText("Monday to Friday 9:00 AM to 6:00 PM (GMT+4)")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^mailto:|@/ })).toBeNull();
  });
});
