import fs from "node:fs/promises";
import path from "node:path";

const OID_LINE = /^([0-9a-f]{40})\n?$/;

/**
 * Reads a full ref name (refs/...) straight from the repository's files: the loose ref, else its
 * line in packed-refs. This is what git itself does, without a process per call, so the live site
 * can re-read its branch often. Returns undefined when the files do not answer plainly (a
 * symbolic ref, a reftable repository), and the caller asks git.
 */
export async function readRefFile(gitdir: string, ref: string): Promise<string | undefined> {
  if (!ref.startsWith("refs/") || ref.split("/").includes("..")) return undefined;
  try {
    return OID_LINE.exec(await fs.readFile(path.join(gitdir, ref), "utf8"))?.[1];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return undefined;
  }
  try {
    const packed = await fs.readFile(path.join(gitdir, "packed-refs"), "utf8");
    for (const line of packed.split("\n")) {
      if (line.length === 41 + ref.length && line.endsWith(` ${ref}`) && /^[0-9a-f]{40} /.test(line)) return line.slice(0, 40);
    }
  } catch {
    // no packed-refs
  }
  return undefined;
}
