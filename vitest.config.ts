import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "{server,serve,app,scripts}/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Server tests spawn production servers and compile MDX; two cores do not gain from more.
    fileParallelism: false,
  },
});
