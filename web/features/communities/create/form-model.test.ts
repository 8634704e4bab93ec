import { describe, expect, it } from "vitest";
import {
  addTag,
  emptyCommunityForm,
  fieldForIssue,
  firstInvalidField,
  issuesToErrors,
  parseFormValues,
  parsePrice,
  phoneDigitsFrom,
  toCreateBody,
  validateCommunityForm,
  type CommunityFormValues,
} from "./form-model";

const valid = (overrides: Partial<CommunityFormValues> = {}): CommunityFormValues => ({
  ...emptyCommunityForm(),
  name: "  Tbilisi Readers ",
  description: "Books and tea.",
  phoneDigits: "555123456",
  categoryKey: "education",
  ...overrides,
});

describe("validateCommunityForm", () => {
  it("accepts a complete free community", () => {
    expect(validateCommunityForm(valid())).toEqual({});
  });

  it("names every missing required field with the spec's message keys", () => {
    expect(validateCommunityForm(emptyCommunityForm())).toEqual({
      name: "validation.nameRequired",
      description: "validation.descriptionRequired",
      phoneNumber: "validation.phoneRequired",
      categoryKey: "validation.categoryRequired",
    });
  });

  it("checks the phone, the video link, the price and the image count", () => {
    const errors = validateCommunityForm(
      valid({
        phoneDigits: "55512",
        coverVideoUrl: "https://vimeo.com/123",
        isPaid: true,
        price: "0",
        imageUrls: Array.from({ length: 11 }, (_, i) => `/files/community_image/${i}.jpg`),
      }),
    );
    expect(errors).toEqual({
      phoneNumber: "validation.phoneInvalid",
      coverVideoUrl: "validation.videoInvalid",
      price: "validation.priceInvalid",
      imageUrls: "validation.tooManyImagesDescription",
    });
    expect(validateCommunityForm(valid({ coverVideoUrl: "https://youtu.be/dQw4w9WgXcQ" }))).toEqual({});
  });

  it("only asks for a price when the community is paid", () => {
    expect(validateCommunityForm(valid({ isPaid: false, price: "abc" }))).toEqual({});
    expect(validateCommunityForm(valid({ isPaid: true, price: "29.99" }))).toEqual({});
  });
});

describe("inputs", () => {
  it("keeps 9 digits of a phone number, dropping a pasted country code", () => {
    expect(phoneDigitsFrom("555-12a3")).toBe("555123");
    expect(phoneDigitsFrom("+995 555 12 34 56")).toBe("555123456");
    expect(phoneDigitsFrom("5551234567")).toBe("555123456");
  });

  it("reads prices with at most two decimals, above zero", () => {
    expect(parsePrice("29")).toBe(29);
    expect(parsePrice("29,5")).toBe(29.5);
    expect(parsePrice("29.999")).toBeNull();
    expect(parsePrice("-3")).toBeNull();
    expect(parsePrice("")).toBeNull();
    expect(parsePrice("100001")).toBeNull();
  });

  it("adds audience tags once, trimmed, ignoring case repeats", () => {
    expect(addTag([], "  Founders   in Tbilisi ")).toEqual(["Founders in Tbilisi"]);
    expect(addTag(["Founders"], "founders")).toEqual(["Founders"]);
    expect(addTag(["a"], "   ")).toEqual(["a"]);
  });
});

describe("request body", () => {
  it("sends trimmed text, the +995 number and paid fields only when paid", () => {
    expect(toCreateBody(valid(), "free")).toEqual({
      name: "Tbilisi Readers",
      description: "Books and tea.",
      phoneNumber: "+995555123456",
      coverVideoUrl: null,
      categoryKey: "education",
      imageUrls: [],
      targetAudience: [],
      isPaid: false,
      price: null,
      paymentType: null,
      subscriptionInterval: null,
      plan: "free",
      visibility: "public",
    });
    const paid = toCreateBody(valid({ isPaid: true, price: "12.5", paymentType: "single" }), "free");
    expect(paid).toMatchObject({ isPaid: true, price: 12.5, paymentType: "single", subscriptionInterval: null });
    const monthly = toCreateBody(valid({ isPaid: true, price: "10" }), "free");
    expect(monthly).toMatchObject({ paymentType: "subscription", subscriptionInterval: "monthly" });
  });
});

describe("server issues", () => {
  it("maps issue paths to fields, list items to their list", () => {
    expect(fieldForIssue("phoneNumber")).toBe("phoneNumber");
    expect(fieldForIssue("imageUrls.2")).toBe("imageUrls");
    expect(fieldForIssue("plan")).toBeNull();
  });

  it("keeps the first message per field and collects the rest", () => {
    const { errors, other } = issuesToErrors([
      { path: "name", message: "Community name is required" },
      { path: "name", message: "second" },
      { path: "targetAudience.1", message: "Tags cannot be empty" },
      { path: "plan", message: "Invalid plan" },
    ]);
    expect(errors).toEqual({ name: "Community name is required", targetAudience: "Tags cannot be empty" });
    expect(other).toEqual(["Invalid plan"]);
    expect(firstInvalidField(errors)).toBe("name");
  });
});

describe("saved drafts", () => {
  it("restores a saved form and repairs anything odd", () => {
    expect(parseFormValues(null)).toBeNull();
    const restored = parseFormValues({ ...valid(), categoryKey: "cooking", paymentType: 7, imageUrls: ["/a", 3] });
    expect(restored).toMatchObject({
      name: "  Tbilisi Readers ",
      categoryKey: "",
      paymentType: "subscription",
      imageUrls: ["/a"],
    });
    expect(parseFormValues({ ...valid(), visibility: "secret" })?.visibility).toBe("public");
    expect(parseFormValues({ ...valid(), visibility: "private" })?.visibility).toBe("private");
  });
});
