import { describe, expect, it } from "vitest";
import { tailIntoBody } from "./document-tail.server";

describe("tailIntoBody", () => {
  it.each([
    [
      "a stream tail",
      "<html><body><p>x</p></body></html><!--$--><script>a()</script><!--/$-->",
      "<html><body><p>x</p><!--$--><script>a()</script><!--/$--></body></html>",
    ],
    ["no tail", "<html><body><p>x</p></body></html>", "<html><body><p>x</p></body></html>"],
    ["no closing tags", "<p>fragment</p>", "<p>fragment</p>"],
    [
      "the last closing tags count",
      "<html><body><pre>&lt;/body&gt;</pre><script>'</body></html>'</script></body></html><script>b()</script>",
      "<html><body><pre>&lt;/body&gt;</pre><script>'</body></html>'</script><script>b()</script></body></html>",
    ],
  ])("%s", (_name, input, output) => {
    expect(tailIntoBody(Buffer.from(input)).toString()).toBe(output);
  });
});
