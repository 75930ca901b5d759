import fs from "node:fs";
import path from "node:path";

/**
 * The packs of a repository whose bytes no longer match their index: truncated or overwritten.
 * Git answers "missing" for every object of such a pack (it refuses the whole pack when it opens
 * it), which reads as absence; this tells damage from absence without `git fsck`, by comparing the
 * pack's trailing checksum with the copy its .idx keeps (the 20 bytes before the idx's own checksum).
 * SHA-1 repositories only: a SHA-256 repository's checksums are longer, and are not compared.
 */
export function damagedPacks(gitdir: string): string[] {
  const dir = path.join(gitdir, "objects", "pack");
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith(".idx"));
  } catch {
    return [];
  }
  const damaged: string[] = [];
  for (const idxName of names) {
    const packName = idxName.replace(/\.idx$/, ".pack");
    const expected = tail(path.join(dir, idxName), 40)?.subarray(0, 20);
    const actual = tail(path.join(dir, packName), 20);
    // An index gone since the listing was removed with its pack by a concurrent repack: not damage.
    if (!expected) continue;
    if (!actual || !actual.equals(expected)) damaged.push(packName);
  }
  return damaged;
}

/** The last `bytes` bytes of a file, or undefined when it cannot be read or is shorter. */
function tail(file: string, bytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, "r");
    const size = fs.fstatSync(fd).size;
    if (size < bytes) return undefined;
    const buffer = Buffer.alloc(bytes);
    fs.readSync(fd, buffer, 0, bytes, size - bytes);
    return buffer;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
