import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { currentLanguage, initI18n } from "./i18n";
import { useAccountLanguage } from "./language-choice";
import { createQueryClient } from "./query-client";
import { meKeys, type SessionUser } from "./session";

const ana: SessionUser = {
  id: "u1",
  email: "ana@example.com",
  fullName: "Ana",
  avatarUrl: null,
  emailVerified: true,
  platformRole: null,
  language: "en",
};

function Probe() {
  useAccountLanguage();
  return null;
}

/** A page in `language`, at `url`, whose session says the account reads English. */
async function open(url: string, language: "ka" | "ru") {
  window.history.replaceState(null, "", url);
  localStorage.clear();
  await initI18n(language);
  const client = createQueryClient();
  client.setQueryData(meKeys.session(), ana);
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
}

describe("useAccountLanguage", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("switches a device without a choice to the account's language", async () => {
    await open("/", "ru");
    await waitFor(() => expect(currentLanguage()).toBe("en"));
  });

  it("keeps the language the address asks for: the page was written and hydrated in it", async () => {
    await open("/post/p1?lang=ka", "ka");
    // The switch, when it happens, is asynchronous (the bundle loads first): give it the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLanguage()).toBe("ka");
  });
});
