import { describe, expect, it } from "vitest";
import { requestedRevision, withRevision, type PinnedRevision } from "./commit";

const url = (search: string) => new URL(`http://docs.test/guides/x${search}`);
const commit: PinnedRevision = { param: "commit", value: "a".repeat(40) };
const ref: PinnedRevision = { param: "ref", value: "pull/7" };
const version: PinnedRevision = { param: "version", value: "v1.2.0" };

describe("requestedRevision", () => {
  it.each([
    ["", {}],
    ["?commit=abc1234", { revision: { param: "commit", value: "abc1234" } }],
    ["?ref=feature/x", { revision: { param: "ref", value: "feature/x" } }],
    ["?ref=pull%2F7", { revision: { param: "ref", value: "pull/7" } }],
    ["?commit=abc1234&commit=def5678", { problem: expect.stringMatching(/\?commit= is given more than once/) }],
    ["?ref=a&ref=b", { problem: expect.stringMatching(/\?ref= is given more than once/) }],
    ["?ref=a&commit=abc1234", { problem: expect.stringMatching(/not both/) }],
    [`?q=${"x".repeat(5000)}`, { problem: expect.stringMatching(/longer than/) }],
  ])("%s", (search, expected) => {
    expect(requestedRevision(url(search))).toEqual(expected);
  });
  it.each([
    ["/v/v1.2.0/guides/x", { revision: { param: "version", value: "v1.2.0" } }],
    ["/v/v1.2.0", { revision: { param: "version", value: "v1.2.0" } }],
    ["/v/v1.2.0/guides/x?ref=main", { problem: expect.stringMatching(/names a release/) }],
    ["/vx/guides", {}],
  ])("path %s", (target, expected) => {
    expect(requestedRevision(new URL(`http://docs.test${target}`))).toEqual(expected);
  });
});

describe("withRevision", () => {
  it.each([
    ["/guides/x", undefined, "/guides/x"],
    ["/guides/x", commit, `/guides/x?commit=${"a".repeat(40)}`],
    ["/guides/x#part", ref, "/guides/x?ref=pull%2F7#part"],
    ["/search?q=coin", ref, "/search?q=coin&ref=pull%2F7"],
    ["/x", { param: "ref", value: "v1.0" }, "/x?ref=v1.0"],
    ["https://sui.io/x", ref, "https://sui.io/x"],
    ["//evil.test/x", ref, "//evil.test/x"],
    ["#part", ref, "#part"],
    ["/guides/x#part", version, "/v/v1.2.0/guides/x#part"],
    ["/", version, "/v/v1.2.0"],
    ["/search?q=coin", version, "/v/v1.2.0/search?q=coin"],
    ["/history/guides/x?page=2", version, "/v/v1.2.0/history/guides/x?page=2"],
    ["/static/img/a.png", version, "/static/img/a.png?ref=v1.2.0"],
    ["/api/search?q=a", version, "/api/search?q=a&ref=v1.2.0"],
  ] as const)("%s at %j", (href, pin, expected) => {
    expect(withRevision(href, pin)).toBe(expected);
  });
});
