/**
 * Vitest global setup of the suites in test/: one production server on the embedded content for
 * the whole run, shared by the suites that only read it (`inject("embeddedSiteUrl")`). The server
 * starts once instead of once a suite, and pages compiled for one suite are warm for the next. A
 * suite that pushes, kills the server or needs other settings starts its own with startServer().
 */
import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the shared production server on the embedded content. */
    embeddedSiteUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide("embeddedSiteUrl", server.url);
  return () => server.stop();
}
