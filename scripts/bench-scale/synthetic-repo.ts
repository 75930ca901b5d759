import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../bench/app-server";
import { fastImport } from "./fast-import";
import { fastImportStream, type ContentFile, type RepoShape } from "./fast-import-stream";

/** Built repositories are kept here between runs, keyed by everything they are made from. */
export const CACHE_DIR = path.join(ROOT, ".bench-scale");
/** Bump when fast-import-stream.ts changes what it writes, so cached repositories are rebuilt. */
const GENERATOR_VERSION = 1;

/** Every file of a content folder (the site's embedded content/), as the docs of the synthetic repository. */
export function readContentFolder(dir: string): ContentFile[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ path: path.relative(dir, file).split(path.sep).join("/"), data: fs.readFileSync(file) }));
}

function cacheKey(shape: RepoShape, content: readonly ContentFile[]): string {
  const hash = createHash("sha256").update(JSON.stringify({ shape, GENERATOR_VERSION }));
  for (const file of content) hash.update(file.path).update(file.data);
  const root = shape.contentRoot ? "subfolder" : "root-docs";
  const size = shape.binaryBytes ? `-${Math.round(shape.binaryBytes / 1024 ** 2)}mb` : "";
  return `c${shape.commits}${size}-${root}-${hash.digest("hex").slice(0, 10)}`;
}

/**
 * The bare repository of `shape`, built with git fast-import on first use and reused afterwards.
 * A repository is built under a temporary name and renamed, so an interrupted build is not reused.
 */
export async function syntheticRepository(shape: RepoShape, content: readonly ContentFile[], log: (line: string) => void): Promise<string> {
  const gitdir = path.join(CACHE_DIR, "repos", `${cacheKey(shape, content)}.git`);
  if (fs.existsSync(gitdir)) return gitdir;
  const building = `${gitdir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: building, stdio: ["ignore", "pipe", "pipe"] });
  const started = performance.now();
  log(`building ${path.basename(gitdir)} with git fast-import`);
  await fastImport(building, fastImportStream(shape, content, randomBytes));
  git("update-ref", "-d", "refs/heads/topic");
  fs.renameSync(building, gitdir);
  const packMb = Number(execFileSync("du", ["-sm", path.join(gitdir, "objects")], { encoding: "utf8" }).split("\t")[0]);
  log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s: ${packMb} MB of objects`);
  return gitdir;
}

/**
 * A copy of `gitdir` a run may push to: a local bare clone, whose objects are hard links to the
 * cached repository's, so it costs no disk and the cache stays as built.
 */
export function workingCopy(gitdir: string, into: string): string {
  const copy = path.join(into, path.basename(gitdir));
  execFileSync("git", ["clone", "--quiet", "--bare", "--local", gitdir, copy], { stdio: "ignore" });
  return copy;
}
