/**
 * A `git fast-import` stream for a synthetic monorepo with documentation inside it: one initial
 * commit holding the docs (under `contentRoot`) and thousands of source files, then commits that
 * mostly change source files ("churn"), sometimes docs pages, with merge commits of short topic
 * branches and, for a large pack, incompressible binary files. Everything but the random bytes is
 * derived from a seed, so the same parameters give the same history.
 */

export interface ContentFile {
  /** Path inside the content folder, e.g. docs/concepts.mdx */
  path: string;
  data: Buffer;
}

export interface RepoShape {
  /** Every commit, side-branch and merge commits included. */
  commits: number;
  /** The folder of the repository the docs sit in, e.g. docs/content; "" puts them at the root. */
  contentRoot: string;
  /** Share of commits that edit docs pages (the rest change source files only). */
  docShare: number;
  /** Share of all commits that are merge commits. */
  mergeShare: number;
  /** Source files besides the docs, edited by churn commits. */
  churnFiles: number;
  /** Incompressible bytes added over the history in binary files, to make a large pack; 0 for none. */
  binaryBytes: number;
  seed: number;
}

export type RandomBytes = (size: number) => Buffer;

const BINARY_FILE_BYTES = 512 * 1024;
/** Binary files are rewritten in place, so the last commit's tree holds at most this many of them. */
const BINARY_PATHS = 256;
const CRATES = 64;
const START_TIME = Date.UTC(2022, 0, 3) / 1000;
const SECONDS_BETWEEN_COMMITS = 1800;
const AUTHORS = Array.from({ length: 24 }, (_, i) => `Dev ${String.fromCharCode(65 + (i % 26))}${i} <dev${i}@example.com>`);
/** Commits on a topic branch before its merge: 1 to 3, 2 on average. */
const MAX_TOPIC_COMMITS = 3;

/** mulberry32: a small seeded generator; Math.random cannot be seeded. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const join = (root: string, path: string) => (root ? `${root}/${path}` : path);
const churnPath = (i: number) => `crates/crate-${String(i % CRATES).padStart(2, "0")}/src/module_${String(i).padStart(5, "0")}.rs`;
const binaryPath = (i: number) => `crates/crate-${String(i % CRATES).padStart(2, "0")}/fixtures/blob-${String(i).padStart(3, "0")}.bin`;

function churnSource(index: number, revision: number, random: () => number): Buffer {
  const lines = [`// ${churnPath(index)}: revision ${revision}`, `pub mod module_${index} {`];
  for (let i = 0; i < 12; i++) lines.push(`    pub const VALUE_${i}: u64 = ${Math.floor(random() * 1e12)};`);
  lines.push("}", "");
  return Buffer.from(lines.join("\n"));
}

/** A page as first committed plus one line that each edit rewrites, so pages keep their size. */
function editedPage(original: Buffer, revision: number): Buffer {
  return Buffer.concat([original, Buffer.from(`\nThis page was revised (revision ${revision}).\n`)]);
}

interface FileChange {
  path: string;
  mark: number;
}

/**
 * Yields the stream in chunks, for `git fast-import --quiet` reading stdin. The branch is
 * refs/heads/main; topic branches are written to refs/heads/topic, which the caller deletes.
 */
export function* fastImportStream(shape: RepoShape, content: readonly ContentFile[], randomBytes: RandomBytes): Generator<Buffer> {
  const random = seededRandom(shape.seed);
  let nextMark = 1;
  let made = 0;
  const pages = content.filter((f) => /^docs\/.*\.mdx$/.test(f.path));
  if (pages.length === 0) throw new Error("the content has no docs/**/*.mdx pages to edit");
  const pageRevisions = new Map<string, number>();
  const churnRevisions = new Array<number>(shape.churnFiles).fill(0);
  const binaryCommits = Math.ceil(shape.binaryBytes / BINARY_FILE_BYTES);
  const binaryEvery = binaryCommits ? shape.commits / binaryCommits : Infinity;
  let binariesWritten = 0;
  // A topic branch and the merge commit that closes it are `averageTopic + 1` commits, so a topic
  // must start with this probability for merges to be `mergeShare` of all commits.
  const averageTopic = (MAX_TOPIC_COMMITS + 1) / 2;
  const topicChance = shape.mergeShare / (1 - averageTopic * shape.mergeShare);

  function* blob(data: Buffer): Generator<Buffer, number> {
    const mark = nextMark++;
    yield Buffer.from(`blob\nmark :${mark}\ndata ${data.length}\n`);
    yield data;
    yield Buffer.from("\n");
    return mark;
  }

  function header(ref: string, message: string, from: number | undefined, merge?: number): Buffer {
    const mark = nextMark++;
    const when = START_TIME + made * SECONDS_BETWEEN_COMMITS;
    const author = AUTHORS[Math.floor(random() * AUTHORS.length)]!;
    made++;
    const text = `${message}\n`;
    return Buffer.from(
      `commit ${ref}\nmark :${mark}\nauthor ${author} ${when} +0000\ncommitter ${author} ${when} +0000\n` +
        `data ${Buffer.byteLength(text)}\n${text}` +
        (from ? `from :${from}\n` : "") +
        (merge ? `merge :${merge}\n` : ""),
    );
  }

  const modify = (changes: readonly FileChange[]) => Buffer.from(changes.map((c) => `M 100644 :${c.mark} ${c.path}\n`).join("") + "\n");

  /** Pages edited more often than others, as in real docs: a Zipf-like pick. */
  const pickPage = () => pages[Math.floor(pages.length * random() ** 3)]!;

  /** The blobs of one ordinary commit: a docs edit, source churn, and now and then a binary file. */
  function* changesOfOneCommit(): Generator<Buffer, { changes: FileChange[]; subject: string }> {
    const changes: FileChange[] = [];
    let subject: string;
    if (random() < shape.docShare) {
      const count = random() < 0.8 ? 1 : 2;
      const edited: string[] = [];
      for (let i = 0; i < count; i++) {
        const page = pickPage();
        const revision = (pageRevisions.get(page.path) ?? 0) + 1;
        pageRevisions.set(page.path, revision);
        changes.push({ path: join(shape.contentRoot, page.path), mark: yield* blob(editedPage(page.data, revision)) });
        edited.push(page.path);
      }
      subject = `docs: revise ${edited.join(", ")}`;
    } else {
      const count = 1 + Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const index = Math.floor(random() * shape.churnFiles);
        changes.push({ path: churnPath(index), mark: yield* blob(churnSource(index, ++churnRevisions[index]!, random)) });
      }
      subject = `crates: change ${count} module${count > 1 ? "s" : ""}`;
    }
    if (made + 1 >= (binariesWritten + 1) * binaryEvery) {
      changes.push({ path: binaryPath(binariesWritten % BINARY_PATHS), mark: yield* blob(randomBytes(BINARY_FILE_BYTES)) });
      binariesWritten++;
    }
    return { changes, subject };
  }

  // The initial commit: the whole docs folder and every source file.
  const initial: FileChange[] = [];
  for (const file of content) initial.push({ path: join(shape.contentRoot, file.path), mark: yield* blob(file.data) });
  for (let i = 0; i < shape.churnFiles; i++) initial.push({ path: churnPath(i), mark: yield* blob(churnSource(i, 0, random)) });
  let main = nextMark;
  yield header("refs/heads/main", "Initial import", undefined);
  yield modify(initial);

  let topics = 0;
  while (made < shape.commits) {
    const room = shape.commits - made;
    if (room >= 2 && random() < topicChance) {
      // A topic branch from main's tip, merged back with its changes replayed onto main's tree.
      const length = Math.min(room - 1, 1 + Math.floor(random() * MAX_TOPIC_COMMITS));
      const replay: FileChange[] = [];
      let tip = main;
      for (let i = 0; i < length; i++) {
        const { changes, subject } = yield* changesOfOneCommit();
        const mark = nextMark;
        yield header("refs/heads/topic", subject, tip);
        yield modify(changes);
        tip = mark;
        replay.push(...changes);
      }
      const mark = nextMark;
      yield header("refs/heads/main", `Merge pull request #${++topics} from dev/topic-${topics}`, main, tip);
      yield modify(replay);
      main = mark;
    } else {
      const { changes, subject } = yield* changesOfOneCommit();
      const mark = nextMark;
      yield header("refs/heads/main", subject, main);
      yield modify(changes);
      main = mark;
    }
  }
}
