import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../lib/i18n";
import { DropdownMenu, MenuItem, MenuLink, MenuRadioItem } from "./dropdown-menu";

// jsdom has no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};

beforeAll(() => initI18n("en"));

async function renderMenu(onSelect = vi.fn()) {
  const rootRoute = createRootRoute({
    component: () => (
      <div>
        <DropdownMenu triggerLabel="Options" menuLabel="Options menu" trigger="⋯">
          <MenuItem onSelect={onSelect}>First</MenuItem>
          <MenuLink to="/">Second</MenuLink>
          <MenuRadioItem checked onSelect={() => {}}>
            Third
          </MenuRadioItem>
        </DropdownMenu>
        <button type="button">Elsewhere</button>
      </div>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return { trigger: await screen.findByRole("button", { name: "Options" }), onSelect };
}

describe("DropdownMenu", () => {
  it("is a menu button: closed until asked, aria-expanded follows", async () => {
    const { trigger } = await renderMenu();
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
    fireEvent.click(trigger);
    expect(screen.getByRole("menu", { name: "Options menu" })).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });

  it("opens from the keyboard onto the first item and walks items with the arrow keys", async () => {
    const { trigger } = await renderMenu();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    const menu = screen.getByRole("menu");
    expect(document.activeElement?.textContent).toBe("First");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Second");
    fireEvent.keyDown(menu, { key: "End" });
    expect(document.activeElement?.textContent).toBe("Third");
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("First");
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("Third");
    expect(screen.getByRole("menuitemradio", { name: "Third" }).getAttribute("aria-checked")).toBe("true");
  });

  it("closes on Escape and gives focus back to the trigger", async () => {
    const { trigger } = await renderMenu();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("closes when an item is chosen and runs its action", async () => {
    const { trigger, onSelect } = await renderMenu();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole("menuitem", { name: "First" }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on a click outside", async () => {
    const { trigger } = await renderMenu();
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
