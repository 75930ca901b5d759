// The worker's entry when the server runs from TypeScript source (vitest, tsx): Node cannot load
// jobs.ts by itself, and the worker process does not inherit tsx's loader, so register it here first.
import { register } from "tsx/esm/api";

register();
const jobs = await import("./jobs.ts");
jobs.serveJobs(jobs.jobTable);
