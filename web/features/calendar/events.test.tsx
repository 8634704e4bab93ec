import { screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import type { CalendarEvent } from "../../../common/contract/calendar";
import { changeLanguage, type Language } from "../../lib/i18n";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import { sampleEvent } from "../../test/sample-event";
import CreateEventDialog from "./create-event-dialog";
import { EventCard } from "./event-card";

afterAll(async () => {
  await changeLanguage("en", { persist: false });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const event = sampleEvent;

const card = (e: CalendarEvent) => {
  mockFetch({});
  return renderInRouter(<EventCard event={e} readOnly={false} />, { namespaces: ["calendar"] });
};

describe("an event card", () => {
  it("offers Attend while the event is upcoming", async () => {
    await card(event());
    expect(screen.getByRole("button", { name: "Attend Photo walk in Sololaki" }).textContent).toBe("Attend");
    expect(screen.queryByText("Ended")).toBeNull();
  });

  it("offers Attend during the event", async () => {
    await card(event({ startTime: Date.now() - HOUR, endTime: Date.now() + HOUR }));
    expect(screen.getByRole("button", { name: "Attend Photo walk in Sololaki" })).toBeTruthy();
  });

  it("offers no Attend once the event has ended, and says it has", async () => {
    await card(event({ startTime: Date.now() - 3 * DAY }));
    expect(screen.getByText("Ended")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("keeps who attended an ended event, with nothing to press", async () => {
    await card(event({ startTime: Date.now() - 3 * DAY, attending: true }));
    expect(screen.getByText("2 attending")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the Create Event dialog's Cancel button", () => {
  const languages: [Language, string, string][] = [
    ["en", "Cancel", "Create Event"],
    ["ka", "გაუქმება", "ღონისძიების შექმნა"],
    ["ru", "Отмена", "Создать событие"],
  ];
  it.each(languages)("in %s reads %s", async (language, cancel, title) => {
    mockFetch({});
    await renderInRouter(<CreateEventDialog communityId="c_1" open onOpenChange={() => {}} />, {
      language,
      namespaces: ["calendar"],
    });
    const buttons = within(await screen.findByRole("dialog", { name: title }))
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(buttons).toContain(cancel);
    expect(buttons).not.toContain("common.cancel");
  });
});
