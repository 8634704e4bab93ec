import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSearchText } from "../lib/use-search-text";
import { SearchField } from "./search-field";

/** A box whose searched text lives in its parent, as explore's and /search's live in the address. */
function Box({ searched, onSearch }: { searched: string; onSearch: (q: string) => void }) {
  const search = useSearchText(searched, onSearch, 300);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        search.submit();
      }}
    >
      <SearchField label="Search people" value={search.text} onValueChange={search.setText} />
    </form>
  );
}

/** The parent takes what the box reports, as a navigation would. */
function Parent({ onSearch, initial = "" }: { onSearch: (q: string) => void; initial?: string }) {
  const [searched, setSearched] = useState(initial);
  return (
    <>
      <Box
        searched={searched}
        onSearch={(q) => {
          onSearch(q);
          setSearched(q);
        }}
      />
      <button type="button" onClick={() => setSearched("back")}>
        Back
      </button>
    </>
  );
}

const box = () => screen.getByRole("searchbox", { name: "Search people" }) as HTMLInputElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("search field", () => {
  it("is a labelled search box with the label as its placeholder and the search limit", () => {
    render(<SearchField label="Search members" value="" onValueChange={() => {}} />);
    const input = screen.getByRole("searchbox", { name: "Search members" });
    expect(input.getAttribute("placeholder")).toBe("Search members");
    expect(input.getAttribute("maxlength")).toBe("100");
  });

  it("reports the trimmed text once typing pauses, and only when it changed", () => {
    const onSearch = vi.fn();
    render(<Parent onSearch={onSearch} />);
    type("ana");
    wait(200);
    type("ana ");
    wait(299);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith("ana");
    expect(box().value).toBe("ana ");
    type("ana  ");
    wait(300);
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it("reports at once when the form is sent", () => {
    const onSearch = vi.fn();
    render(<Parent onSearch={onSearch} />);
    type(" giorgi ");
    fireEvent.submit(box());
    expect(onSearch).toHaveBeenCalledExactlyOnceWith("giorgi");
    wait(300);
    expect(onSearch).toHaveBeenCalledOnce();
  });

  it("shows a text searched from elsewhere without reporting it back", () => {
    const onSearch = vi.fn();
    render(<Parent onSearch={onSearch} initial="first" />);
    expect(box().value).toBe("first");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(box().value).toBe("back");
    wait(300);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
