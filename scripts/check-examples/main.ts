// `npm run check:examples [-- <checkout>]`: checks every example in content/ (of this project, or of
// another checkout such as a content worktree) and exits 1 when any is broken.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkExamples, formatReport } from "./run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const contentRoot = path.resolve(process.argv[2] ?? root);
const report = await checkExamples(root, contentRoot);
console.log(formatReport(report));
process.exitCode = report.failures.length > 0 ? 1 : 0;
