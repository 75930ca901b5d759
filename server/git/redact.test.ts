import { describe, expect, it } from "vitest";
import { addSecret, redact } from "./redact";

describe("redact", () => {
  it.each([
    ["https://user:s3cret@github.com/o/r.git", "https://***@github.com/o/r.git"],
    [
      "fatal: unable to access 'https://x-access-token:ghp_abc123@github.com/o/r.git/': 403",
      "fatal: unable to access 'https://***@github.com/o/r.git/': 403",
    ],
    ["https://ghp_only@host/r", "https://***@host/r"],
    ["https://github.com/o/r.git", "https://github.com/o/r.git"],
    ["mail me at a@b.c", "mail me at a@b.c"],
  ])("%s", (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it("masks a registered token wherever it appears", () => {
    addSecret("tok_1234567890");
    expect(redact("Authorization: Basic tok_1234567890 and again tok_1234567890")).toBe("Authorization: Basic *** and again ***");
  });
});
