import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";

/**
 * Makes a bare repository at `gitdir` (which must not exist or be empty) from a `git fast-import`
 * stream: thousands of commits in seconds, where `git commit` would take minutes.
 */
export async function fastImport(gitdir: string, stream: Iterable<Buffer>): Promise<void> {
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", gitdir], { stdio: ["ignore", "pipe", "pipe"] });
  const importer = spawn("git", ["fast-import", "--quiet", "--done"], { cwd: gitdir, stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  importer.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(importer, "close");
  for (const chunk of stream) {
    if (!importer.stdin.write(chunk)) await Promise.race([once(importer.stdin, "drain"), exited]);
    if (importer.exitCode !== null) break;
  }
  importer.stdin.end("done\n");
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`git fast-import exited with ${code}: ${stderr.trim()}`);
}
