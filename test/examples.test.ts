import path from "node:path";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatFailure } from "../scripts/check-examples/failure";
import { checkExamples } from "../scripts/check-examples/run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("code examples in content/", () => {
  it("type-check, parse, call existing framework functions and CLI commands, teach nothing retired, and name the pins", async () => {
    const report = await checkExamples(root);
    // One line per failure (file:line: [check] reason), so a red run says exactly what to fix.
    const list = report.failures.map(formatFailure).join("\n");
    expect(report.failures.length, `broken examples (npm run check:examples prints a summary):\n${list}\n`).toBe(0);
    // About 10 s of CPU (one TypeScript Program per preamble); the margin is for a busy machine.
  });

  it("pins the same npm versions in package.json as the pages must name", () => {
    const pins = (JSON.parse(readFileSync(path.join(root, "examples/pins.json"), "utf8")) as { pins: Record<string, string> }).pins;
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    for (const [name, version] of Object.entries(pins)) {
      if (name !== "sui") expect(pkg.devDependencies[name], name).toBe(version);
    }
  });
});
