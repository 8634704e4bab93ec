import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HighlightedText } from "./highlighted-text";

describe("HighlightedText", () => {
  it("wraps the matched ranges in <mark> and shows markup in the text as text", () => {
    const text = '<img src=x onerror="alert(1)"> Startup <b>night</b>';
    const start = text.indexOf("Startup");
    const { container } = render(
      <p>
        <HighlightedText value={{ text, marks: [[start, start + 7]] }} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect(container.querySelectorAll("img, b")).toHaveLength(0);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["Startup"]);
  });

  it("skips ranges it cannot place instead of breaking the text", () => {
    const { container } = render(
      <p>
        <HighlightedText
          value={{
            text: "one two",
            marks: [
              [4, 7],
              [0, 3],
              [5, 99],
            ],
          }}
        />
      </p>,
    );
    expect(container.textContent).toBe("one two");
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["two"]);
  });
});
