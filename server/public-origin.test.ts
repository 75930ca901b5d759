import { describe, expect, it } from "vitest";
import type { Config } from "./config";
import { publicOriginOf } from "./public-origin";

const config = (over: Partial<Config>) => ({ allowedOrigins: [], defaultOrigin: "http://localhost:3000", ...over }) as Config;
const hosts = config({ allowedOrigins: ["https://docs.example", "https://docs.example.org:8443"] });

describe("publicOriginOf", () => {
  it.each([
    [
      "SITE_URL wins over any Host",
      config({ siteUrl: "https://sui.io", allowedOrigins: ["https://docs.example"] }),
      "docs.example",
      "https://sui.io",
    ],
    ["an allowed host names its own origin", hosts, "docs.example.org:8443", "https://docs.example.org:8443"],
    ["Host is matched without regard to case", hosts, "DOCS.Example.ORG:8443", "https://docs.example.org:8443"],
    ["an unknown host gets the first allowed origin", hosts, "evil.example", "https://docs.example"],
    ["no Host header gets the first allowed origin", hosts, undefined, "https://docs.example"],
    ["nothing configured: localhost on PORT", config({}), "evil.example", "http://localhost:3000"],
  ])("%s", (_case, cfg, host, origin) => {
    expect(publicOriginOf(cfg)(host)).toBe(origin);
  });
});
