import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getToasts } from "../../lib/toast";
import { mockFetch } from "../../test/fetch-mock";
import CreatePostDialog from "./create-post-dialog";
import { renderFeed } from "./test-utils";

beforeEach(() => {
  let n = 0;
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => `blob:${++n}`, revokeObjectURL: () => {} }));
  mockFetch({
    "GET /api/communities/c1/topics": { body: { topics: [{ id: "t1", name: "Hiring", color: "#EA580C", postsCount: 2 }] } },
    "GET /api/communities/c1/mention-candidates": { body: { members: [] } },
  });
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

async function open() {
  const view = await renderFeed(<CreatePostDialog communityId="c1" open onOpenChange={() => {}} />);
  await screen.findByRole("heading", { name: "Create New Post" });
  return view;
}

describe("Create New Post", () => {
  it("counts headline and content characters against 100 and 2000", async () => {
    await open();
    const headline = screen.getByLabelText("Headline (optional)");
    const content = screen.getByLabelText("Content");
    expect(headline.getAttribute("maxlength")).toBe("100");
    expect(screen.getByText("0/100")).toBeTruthy();
    expect(screen.getByText("0/2000")).toBeTruthy();

    fireEvent.change(headline, { target: { value: "Hello" } });
    expect(screen.getByText("5/100")).toBeTruthy();

    // Pasting past the limit keeps the first 2000 characters, like a native maxlength.
    fireEvent.change(content, { target: { value: "x".repeat(2100) } });
    expect((content as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(screen.getByText("2000/2000")).toBeTruthy();
  });

  it("keeps Create disabled while the content is empty and asks for content when it is only spaces", async () => {
    await open();
    const create = screen.getByRole("button", { name: "Create Post" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Content"), { target: { value: "   " } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    expect(getToasts()).toMatchObject([
      { title: "Content required", description: "Please enter some content for your post", variant: "destructive" },
    ]);
  });

  it("offers 'None' and the community's topics", async () => {
    await open();
    const select = screen.getByLabelText("Topic") as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(["None", "Hiring"]));
  });

  it("takes at most 4 images across selections and then disables the picker", async () => {
    await open();
    const input = screen.getByTestId("post-image-input");
    expect(screen.getByText("PNG, JPG up to 4 images")).toBeTruthy();
    fireEvent.change(input, { target: { files: [png("a.png"), png("b.png"), png("c.png")] } });
    expect(screen.getAllByRole("img")).toHaveLength(3);
    fireEvent.change(input, { target: { files: [png("d.png"), png("e.png")] } });

    expect(screen.getAllByRole("img")).toHaveLength(4);
    expect(getToasts()).toMatchObject([{ title: "Too many images", description: "You can upload up to 4 images per post" }]);
    expect(screen.getByText("Maximum 4 images reached")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add images" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Remove image 4" }));
    expect(screen.getAllByRole("img")).toHaveLength(3);
    expect(screen.getByText("PNG, JPG up to 4 images")).toBeTruthy();
  });
});
