import { infiniteQueryOptions, QueryClient, queryOptions, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, expectTypeOf, it } from "vitest";
import { patch, type CachedData } from "./cache-write";

type Item = { id: string; count: number; label: string | null };

describe("patch", () => {
  it("gives a copy with the changes and leaves the original as it was", () => {
    const item: Item = { id: "a", count: 1, label: null };
    expect(patch(item, { count: 2, label: "two" })).toEqual({ id: "a", count: 2, label: "two" });
    expect(item).toEqual({ id: "a", count: 1, label: null });
  });

  it("refuses, at typecheck, keys the type does not have and values of another type", () => {
    const item: Item = { id: "a", count: 1, label: null };
    // @ts-expect-error `total` is not a field of Item
    patch(item, { total: 2 });
    // @ts-expect-error `count` is a number
    patch(item, { count: "2" });
    // @ts-expect-error a field cannot be unset
    patch(item, { count: undefined });
    const kept: Pick<Item, "count" | "label"> = { count: 3, label: "x" };
    expectTypeOf(patch(item, kept)).toEqualTypeOf<Item>();
  });
});

describe("CachedData", () => {
  it("reads the data type a query's options keep under their key, for a key found by prefix", () => {
    const single = (id: string) => queryOptions({ queryKey: ["item", id], queryFn: (): Item => ({ id, count: 0, label: null }) });
    const pages = infiniteQueryOptions({
      queryKey: ["items"],
      queryFn: () => ({ items: [] as Item[], nextCursor: null as string | null }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    });
    expectTypeOf<CachedData<typeof single>>().toEqualTypeOf<Item>();
    expectTypeOf<CachedData<typeof pages>>().toEqualTypeOf<InfiniteData<{ items: Item[]; nextCursor: string | null }>>();

    const qc = new QueryClient();
    qc.setQueryData(single("a").queryKey, { id: "a", count: 1, label: null });
    qc.setQueryData(pages.queryKey, { pages: [{ items: [], nextCursor: null }], pageParams: [null] });
    const found = qc.getQueriesData<CachedData<typeof single>>({ queryKey: ["item"] }).map(([, item]) => item?.count);
    expect(found).toEqual([1]);
  });
});
