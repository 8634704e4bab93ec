import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { hydrateInlinedState } from "./inlined-state";

function docWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument("");
  const script = doc.createElement("script");
  script.type = "application/json";
  script.id = "query-state";
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe("hydrateInlinedState", () => {
  it("puts the page's inlined queries into the cache, fresh, and removes the element", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const state = {
      mutations: [],
      queries: [
        {
          queryKey: ["communities", "detail", "c1"],
          queryHash: '["communities","detail","c1"]',
          state: {
            data: { community: { name: "</script> Runners" } },
            dataUpdatedAt: Date.now(),
            status: "success",
            fetchStatus: "idle",
          },
        },
      ],
    };
    // What the worker writes: `<` escaped inside the JSON.
    const doc = docWith(JSON.stringify(state).replace(/</g, "\\u003c"));
    hydrateInlinedState(client, doc);
    expect(client.getQueryData(["communities", "detail", "c1"])).toEqual({ community: { name: "</script> Runners" } });
    // Fresh: the route's prefetch does not ask the API again.
    const queryFn = vi.fn(() => ({}));
    await client.prefetchQuery({ queryKey: ["communities", "detail", "c1"], queryFn });
    expect(queryFn).not.toHaveBeenCalled();
    expect(doc.getElementById("query-state")).toBeNull();
  });

  it("leaves the cache alone when the page has no data or unreadable data", () => {
    const client = new QueryClient();
    hydrateInlinedState(client, docWith("{not json"));
    hydrateInlinedState(client, document.implementation.createHTMLDocument(""));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
