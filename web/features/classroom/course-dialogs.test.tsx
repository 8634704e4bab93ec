import { screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import { changeLanguage, type Language } from "../../lib/i18n";
import { mockFetch } from "../../test/fetch-mock";
import { renderInRouter } from "../../test/render-in-router";
import AddVideoDialog from "./add-video-dialog";
import CourseFormDialog from "./course-form-dialog";

afterAll(async () => {
  await changeLanguage("en", { persist: false });
});

// The classroom's texts have no 'Cancel' of their own: the button takes the app-wide one.
const languages: [Language, string, string, string][] = [
  ["en", "Cancel", "Create Course", "Add Video"],
  ["ka", "გაუქმება", "კურსის შექმნა", "ვიდეოს დამატება"],
  ["ru", "Отмена", "Создать курс", "Добавить видео"],
];

const dialog = async (name: string) => within(await screen.findByRole("dialog", { name }));

describe("the classroom dialogs' Cancel button", () => {
  it.each(languages)("in %s, Create Course's reads %s", async (language, cancel, title) => {
    mockFetch({});
    await renderInRouter(<CourseFormDialog communityId="c1" open onOpenChange={() => {}} />, {
      language,
      namespaces: ["classroom"],
    });
    const buttons = (await dialog(title)).getAllByRole("button").map((b) => b.textContent);
    expect(buttons).toContain(cancel);
    expect(buttons).not.toContain("common.cancel");
  });

  it.each(languages)("in %s, Add Video's reads %s", async (language, cancel, _title, addVideo) => {
    mockFetch({});
    await renderInRouter(<AddVideoDialog communityId="c1" courseId="k1" open onOpenChange={() => {}} />, {
      language,
      namespaces: ["classroom"],
    });
    const buttons = (await dialog(addVideo)).getAllByRole("button").map((b) => b.textContent);
    expect(buttons).toContain(cancel);
    expect(buttons).not.toContain("common.cancel");
  });
});
