// `npm run check:examples`: checks every example in content/ and exits 1 when any is broken.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkExamples, formatReport } from "./run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const report = await checkExamples(root);
console.log(formatReport(report));
process.exitCode = report.failures.length > 0 ? 1 : 0;
