import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toJsonApiErrors } from "../errors/jsonApi.ts";
import { en, translate } from "../i18n/en.ts";
import { amountTextIssue, isNumericInput, isNumericKeystroke } from "./amountText.ts";
import { fieldMessages, firstMessageByField, issueMessage } from "./issues.ts";
import {
  addressSchema,
  amountSchema,
  atLeastSchema,
  dateSchema,
  durationSecondsSchema,
  durationTextSchema,
  greaterThanSchema,
  isValidUrl,
  optionalUrlSchema,
  percentSchema,
  reportDuplicates,
  textSchema,
  tokenLimitSchema,
  urlSchema,
} from "./rules.ts";

/** English messages of a failed parse, in order. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : fieldMessages(result.error).map((m) => m.message);
}

describe("text rules", () => {
  it("requires a value: 'Please fill out this field'", () => {
    expect(messages(textSchema(), "")).toEqual(["Please fill out this field"]);
    expect(messages(textSchema(), "   ")).toEqual(["Please fill out this field"]);
    expect(messages(textSchema(), undefined)).toEqual(["Please fill out this field"]);
    expect(messages(textSchema(), 42)).toEqual(["Please enter a valid value"]);
  });

  it("checks lengths with {{minLength}} and {{maxLength}}", () => {
    const schema = textSchema({ min: 3, max: 5 });
    const short = schema.safeParse("ab");
    expect(short.success).toBe(false);
    if (!short.success) {
      expect(issueMessage(short.error.issues[0]!)).toEqual({
        key: "validation.minLength",
        params: { minLength: 3 },
      });
    }
    expect(messages(schema, "ab")).toEqual(["Must be at least 3 characters"]);
    expect(messages(schema, "abcdef")).toEqual(["Must be at most 5 characters"]);
    expect(schema.parse("  abc  ")).toBe("abc");
    expect(messages(schema, "")).toEqual(["Please fill out this field"]);
  });
});

describe("URL rule", () => {
  it("must start with http or https and have a valid domain", () => {
    for (const ok of [
      "https://polity.app",
      "http://sub.example.co.uk/path?q=1#x",
      "https://example.com:8080/",
    ]) {
      expect(isValidUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      "polity.app",
      "ftp://x.com",
      "https://",
      "https://localhost",
      "https://exa mple.com",
      "https://-a.com",
      "https://a.b",
      "https://1.2.3.4",
    ]) {
      expect(isValidUrl(bad), bad).toBe(false);
    }
    expect(messages(urlSchema, "x")).toEqual(["Please enter a valid URL starting with http:// or https://"]);
    expect(messages(urlSchema, "")).toEqual(["Please fill out this field"]);
    expect(optionalUrlSchema.parse("")).toBe("");
    expect(messages(optionalUrlSchema, "x")).toHaveLength(1);
  });
});

describe("numeric input rule", () => {
  it("accepts non-negative decimals without a leading zero followed by digits", () => {
    for (const ok of ["0", "0.5", "10", "123.456", "1000000"]) expect(isNumericInput(ok), ok).toBe(true);
    for (const bad of ["", "01", "00.1", "-1", "1.", ".5", "1e3", "1,5", " 1", "abc"]) {
      expect(isNumericInput(bad), bad).toBe(false);
    }
  });

  it("lets partial values be typed", () => {
    for (const ok of ["", "0", "0.", ".", ".5", "12.", "12.34"])
      expect(isNumericKeystroke(ok), ok).toBe(true);
    for (const bad of ["01", "1..2", "-", "a", "1.2.3"]) expect(isNumericKeystroke(bad), bad).toBe(false);
  });

  it("is closed under formatting of non-negative decimals (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, scale) => {
          const int = (units / 10n ** BigInt(scale)).toString();
          const frac = (units % 10n ** BigInt(scale)).toString().padStart(scale, "0").replace(/0+$/, "");
          const text = frac ? `${int}.${frac}` : int;
          expect(isNumericInput(text)).toBe(true);
          expect(isNumericKeystroke(text)).toBe(true);
        },
      ),
    );
  });

  it("amounts: decimals and greater than zero", () => {
    expect(messages(amountSchema({ decimals: 2 }), "1.234")).toEqual([
      "At most 2 decimal places are allowed",
    ]);
    expect(messages(amountSchema({ positive: true }), "0")).toEqual(["Must be greater than 0"]);
    expect(messages(amountSchema({ positive: true }), "0.000")).toEqual(["Must be greater than 0"]);
    expect(messages(amountSchema(), "01")).toEqual(["Please enter a valid non-negative number"]);
    expect(messages(amountSchema(), "")).toEqual(["Please fill out this field"]);
    expect(amountSchema().parse("1.5")).toBe("1.5");
  });

  it("a terminal's plain amount check says what the form schema says (property)", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9.]{1,12}$/),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (text, decimals, positive) => {
          const issue = amountTextIssue(text, { decimals, positive });
          expect(messages(amountSchema({ decimals, positive }), text)).toEqual(
            issue ? [translate(issue.key, issue.params)] : [],
          );
        },
      ),
    );
  });

  it("greater than and at least a value", () => {
    expect(messages(greaterThanSchema("5"), "5")).toEqual(["Must be greater than 5"]);
    expect(messages(greaterThanSchema("5"), "5.1")).toEqual([]);
    expect(messages(atLeastSchema("5"), "4.99")).toEqual(["Must be at least 5"]);
    expect(messages(atLeastSchema("5"), "5")).toEqual([]);
  });
});

describe("percentages", () => {
  it("smallest percentage is 1e-7, at most 100", () => {
    expect(messages(percentSchema(), "0.0000001")).toEqual([]);
    expect(messages(percentSchema(), "0.00000009")).toEqual(["The smallest percentage is 0.0000001"]);
    expect(messages(percentSchema(), "0")).toEqual(["The smallest percentage is 0.0000001"]);
    expect(messages(percentSchema({ allowZero: true }), "0")).toEqual([]);
    expect(messages(percentSchema(), "100")).toEqual([]);
    expect(messages(percentSchema(), "100.1")).toEqual(["Percentage cannot exceed 100"]);
    expect(messages(percentSchema({ below100: true }), "100")).toEqual(["Percentage cannot exceed 100"]);
  });
});

describe("addresses, durations, dates, lists", () => {
  it("addresses", () => {
    expect(messages(addressSchema, "0x0000000000000000000000000000000000000001")).toEqual([]);
    expect(messages(addressSchema, "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE")).toEqual([]);
    expect(messages(addressSchema, "0x123")).toEqual(["Please enter a valid address"]);
  });

  it("duration text with 'less than {{days}} days'", () => {
    const schema = durationTextSchema({ maxDays: 365 });
    expect(schema.parse("2w 1d")).toBe(15 * 86400);
    expect(messages(schema, "1Y")).toEqual(["Duration must be less than 365 days"]);
    expect(messages(schema, "2 weeks")).toEqual(["Please enter a valid duration, e.g. 1Y 6Mon 2w 1d"]);
    expect(messages(schema, "0d")).toEqual(["Please enter a valid duration, e.g. 1Y 6Mon 2w 1d"]);
    expect(messages(schema, "")).toEqual(["Please fill out this field"]);
  });

  it("duration seconds", () => {
    expect(messages(durationSecondsSchema(), 0)).toEqual([
      "Please enter a valid duration, e.g. 1Y 6Mon 2w 1d",
    ]);
    expect(messages(durationSecondsSchema({ allowZero: true }), 0)).toEqual([]);
    expect(messages(durationSecondsSchema({ maxDays: 1 }), 86400)).toEqual([
      "Duration must be less than 1 days",
    ]);
    expect(messages(durationSecondsSchema(), 1.5)).toHaveLength(1);
  });

  it("dates", () => {
    expect(messages(dateSchema, Date.now())).toEqual([]);
    expect(messages(dateSchema, new Date("x"))).toEqual(["Please enter a valid date"]);
    expect(messages(dateSchema, Number.NaN)).toHaveLength(1);
  });

  it("duplicates and token limits", () => {
    const list = z.array(z.string()).superRefine((items, ctx) => reportDuplicates(items, (x) => x, ctx));
    const result = list.safeParse(["a", "b", "A", "a"]);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => i.path)).toEqual([[2], [3]]);
      expect(en[issueMessage(result.error.issues[0]!).key]).toBe("This value is already in the list");
    }
    expect(messages(tokenLimitSchema(z.string(), 2), ["a", "b", "c"])).toEqual([
      "DAO pool can hold at most 2 tokens",
    ]);
  });
});

describe("issue helpers", () => {
  const schema = z.object({ title: textSchema({ max: 3 }), items: z.array(z.object({ url: urlSchema })) });
  const result = schema.safeParse({ title: "abcd", items: [{ url: "nope" }] });

  it("report paths, keys, params and texts", () => {
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error)).toEqual([
      {
        path: "title",
        key: "validation.maxLength",
        params: { maxLength: 3 },
        message: "Must be at most 3 characters",
      },
      {
        path: "items.0.url",
        key: "validation.invalidUrl",
        params: {},
        message: translate("validation.invalidUrl"),
      },
    ]);
    expect(Object.keys(firstMessageByField(result.error))).toEqual(["title", "items.0.url"]);
  });

  it("become JSON:API errors with pointers", () => {
    if (result.success) return;
    const errors = toJsonApiErrors(result.error);
    expect(errors[0]).toMatchObject({
      status: "400",
      code: "validation.maxLength",
      detail: "Must be at most 3 characters",
      source: { pointer: "/data/attributes/title" },
    });
    expect(errors[1]?.source).toEqual({ pointer: "/data/attributes/items/0/url" });
  });

  it("reads unknown messages as 'Please enter a valid value'", () => {
    const r = z.string().safeParse(1);
    if (r.success) throw new Error("expected failure");
    expect(issueMessage(r.error.issues[0]!).key).toBe("validation.invalid");
  });
});
