import { describe, expect, it } from "vitest";
import { routeKind } from "./route-kind";

describe("routeKind", () => {
  it.each([
    ["/", "page"],
    ["/concepts/object-model", "page"],
    ["/concepts/object-model?commit=abc1234", "page"],
    ["/concepts/object-model?ref=topic", "page"],
    ["/concepts/object-model.data", "data"],
    ["/_root.data?_routes=root", "data"],
    ["/history/concepts/object-model", "history"],
    ["/v/v1.2.0/concepts/object-model", "page"],
    ["/v/v1.2.0", "page"],
    ["/v/v1.2.0/search?q=coin", "search"],
    ["/v/v1.2.0/history/concepts/object-model", "history"],
    ["/diff/concepts/object-model?from=a&to=b", "diff"],
    ["/changes", "changes"],
    ["/changes.atom", "changes"],
    ["/search?q=coin", "search"],
    ["/api/search?q=coin", "search"],
    ["/api/status", "api"],
    ["/api/sidebars/docs", "api"],
    ["/api/webhooks/git", "webhook"],
    ["/mcp", "mcp"],
    ["/static/img/logo.svg", "static"],
    ["/favicon.svg", "static"],
    ["/build/_assets/root-ABC.css", "asset"],
    ["/llms.txt", "text"],
    ["/sitemap.xml", "text"],
    ["/healthz", "health"],
    ["/readyz", "health"],
    ["/metrics", "metrics"],
    ["/metrics?x=1", "metrics"],
    // Near misses are pages (404s among them), not the kind they resemble.
    ["/metricsx", "page"],
    ["/history", "page"],
    [undefined, "page"],
  ])("%s is a %s request", (target, kind) => {
    expect(routeKind(target)).toBe(kind);
  });
});
