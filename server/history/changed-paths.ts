import type { Git } from "../git/cli";
import { NameLogParser, type LogEntry } from "./name-log";

/**
 * What each first-parent commit `revisions` selects changed under the content root, paths relative
 * to it, as one streaming `git log --name-only`: the change index and the changes feed both read it.
 */
export async function changedPaths(git: Git, root: string, revisions: string[]): Promise<LogEntry[]> {
  const args = [
    "log",
    "--first-parent",
    "--diff-merges=first-parent",
    "--no-renames",
    "--name-only",
    "-z",
    "--format=%x01%H",
    ...revisions,
  ];
  if (root) args.push("--", root);
  const prefix = root ? `${root}/` : "";
  const parser = new NameLogParser();
  const entries: LogEntry[] = [];
  const keep = (found: LogEntry[]) => {
    for (const entry of found) {
      entries.push({ oid: entry.oid, paths: entry.paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)) });
    }
  };
  for await (const chunk of git.stream(args)) keep(parser.push(chunk));
  keep(parser.end());
  return entries;
}
