import path from "node:path";
import ts from "typescript";
import type { CodeBlock } from "./blocks";
import type { Failure } from "./failure";
import { TS_LANGS } from "./languages";

/** A fragment's declared context: content/preambles/<name>.ts. */
export interface Preamble {
  file: string;
  text: string;
}

/**
 * The examples' compiler settings: what a reader's fresh ESM project with `strict` gets. Every
 * block is a module (moduleDetection force), so top-level await works and blocks never share
 * globals; library .d.ts files are trusted (skipLibCheck) because we check our code, not theirs.
 * vite/client gives `import.meta.env`, as in the Vite apps the dApp guides build.
 */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node", "vite/client"],
  allowJs: true,
  checkJs: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
};

/** "Cannot find name" and "No value exists in scope for the shorthand property": what a fragment without its preamble gets. */
const UNDECLARED_NAME = new Set([2304, 18004]);

interface VirtualFile {
  /** The block it holds, or undefined for a preamble. */
  block?: CodeBlock;
  preamble?: Preamble;
  text: string;
}

/**
 * Type-checks every TypeScript/TSX/JS block as a virtual file. Blocks without a preamble share
 * one Program (pages that augment modules get their own); the blocks of each preamble share another, in which the preamble's declarations
 * are globals, so a fragment may still declare or import a name the preamble also has (its own
 * module scope shadows the global). All Programs share parsed files, so the @mysten .d.ts files
 * are read once. Blocks of a page that carry a file title (`title="src/constants.ts"`) can import
 * each other by that path. `root` is the directory whose node_modules holds the pinned packages.
 */
export function checkTypeScript(blocks: CodeBlock[], preambles: ReadonlyMap<string, Preamble>, root: string): Failure[] {
  const failures: Failure[] = [];
  const files = new Map<string, VirtualFile>();
  const preambleFiles = new Map<string, string>();
  const groups = new Map<string, string[]>();
  const groupOf = (key: string) => groups.get(key) ?? groups.set(key, []).get(key)!;
  for (const [name, preamble] of preambles) {
    const fileName = path.join(root, preamble.file);
    files.set(fileName, { preamble, text: asGlobals(preamble.text) });
    preambleFiles.set(name, fileName);
    groupOf(name).push(fileName);
  }
  // `declare module`/`declare global` (registering a dApp Kit instance's type, say) change types for
  // every file of a Program: a page that augments gets Programs of its own.
  const augmenting = new Set(
    blocks.filter((block) => TS_LANGS[block.lang] && /\bdeclare\s+(?:module|global)\b/.test(block.code)).map((block) => block.file),
  );
  for (const block of blocks) {
    const lang = TS_LANGS[block.lang];
    if (!lang) continue;
    const name = block.meta.preamble ?? "";
    if (name !== "" && !preambles.has(name)) {
      failures.push({
        check: "typescript",
        file: block.file,
        line: block.fenceLine,
        reason:
          `preamble "${name}" does not exist: add content/preambles/${name}.ts or name an existing one ` +
          `(${[...preambles.keys()].join(", ") || "none yet"})`,
      });
      continue;
    }
    const fileName = virtualPath(root, block, lang, files);
    files.set(fileName, { block, text: `${block.code}\n` });
    if (!augmenting.has(block.file)) groupOf(name).push(fileName);
    else {
      const group = groupOf(`${name}\0${block.file}`);
      const preambleFile = preambleFiles.get(name);
      if (preambleFile && group.length === 0) group.push(preambleFile);
      group.push(fileName);
    }
  }

  const fragmentHint = ' (a fragment? mark it preamble="<name>", see content/preambles)';
  const host = sharedHost(files);
  const reported = new Set<string>();
  for (const rootNames of groups.values()) {
    if (rootNames.length === 0) continue;
    const program = ts.createProgram({ rootNames, options: OPTIONS, host });
    for (const diagnostic of program.getOptionsDiagnostics().concat(program.getGlobalDiagnostics())) {
      failures.push({ check: "typescript", file: "(compiler)", line: 0, reason: flatten(diagnostic) });
    }
    for (const fileName of rootNames) {
      if (reported.has(fileName)) continue;
      reported.add(fileName);
      const sourceFile = program.getSourceFile(fileName)!;
      const virtual = files.get(fileName)!;
      const where = virtual.block ?? { file: virtual.preamble!.file, line: 1 };
      for (const diagnostic of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
        const row = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
        const hint = virtual.block && !virtual.block.meta.preamble && UNDECLARED_NAME.has(diagnostic.code) ? fragmentHint : "";
        failures.push({
          check: "typescript",
          file: where.file,
          line: where.line + row,
          reason: `TS${diagnostic.code}: ${flatten(diagnostic)}${hint}`,
        });
      }
    }
  }
  return failures;
}

/** A compiler host that serves the virtual files and parses every real file once for all Programs. */
function sharedHost(files: ReadonlyMap<string, VirtualFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS, true);
  const parsed = new Map<string, ts.SourceFile | undefined>();
  const realGetSourceFile = host.getSourceFile.bind(host);
  const realFileExists = host.fileExists.bind(host);
  const realReadFile = host.readFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const key = path.resolve(fileName);
    if (!parsed.has(key)) {
      const virtual = files.get(key);
      parsed.set(
        key,
        virtual
          ? ts.createSourceFile(fileName, virtual.text, languageVersion, true)
          : realGetSourceFile(fileName, languageVersion, onError, shouldCreate),
      );
    }
    return parsed.get(key);
  };
  // Module resolution asks whether a directory exists before probing its files; virtual blocks live in
  // directories that exist only in `files` (src/components/ beside a page), so answer for those too.
  const virtualDirs = new Set<string>();
  for (const fileName of files.keys())
    for (let dir = path.dirname(fileName); !virtualDirs.has(dir) && dir !== path.dirname(dir); dir = path.dirname(dir))
      virtualDirs.add(dir);
  const realDirectoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => virtualDirs.has(path.resolve(dir)) || (realDirectoryExists ? realDirectoryExists(dir) : true);
  host.fileExists = (fileName) => files.has(path.resolve(fileName)) || realFileExists(fileName);
  host.readFile = (fileName) => files.get(path.resolve(fileName))?.text ?? realReadFile(fileName);
  return host;
}

/**
 * A preamble as written (imports, then `declare const client: SuiGrpcClient;` and other
 * declarations) turned into a module whose declarations are globals: everything after the
 * imports goes inside `declare global { }`. Lines and columns stay where they were, so
 * diagnostics point into the preamble file as its author sees it.
 */
export function asGlobals(text: string): string {
  const source = ts.createSourceFile("preamble.ts", text, ts.ScriptTarget.ES2022, true);
  const body = source.statements.filter((statement) => !ts.isImportDeclaration(statement));
  if (body.length === 0) return text;
  let result = text;
  for (const statement of [...body].reverse()) {
    for (const modifier of [...(ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [])].reverse()) {
      if (modifier.kind === ts.SyntaxKind.DeclareKeyword || modifier.kind === ts.SyntaxKind.ExportKeyword) {
        result = result.slice(0, modifier.getStart()) + " ".repeat(modifier.getWidth()) + result.slice(modifier.getEnd());
      }
    }
  }
  const start = body[0]!.getStart();
  return `${result.slice(0, start)}declare global { ${result.slice(start)}\n}\nexport {};\n`;
}

function flatten(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, " ").replace(/\s+/g, " ");
}

/**
 * Where a block lives in the virtual tree: beside its page, under its title when the title is a
 * source path (so `./constants` finds the block titled src/constants.ts), else under its line.
 */
function virtualPath(root: string, block: CodeBlock, ext: "ts" | "tsx" | "js", taken: ReadonlyMap<string, unknown>): string {
  const pageDir = path.join(root, ".examples", block.file.replace(/\.mdx$/, ""));
  const title = block.meta.title;
  if (title && /^[\w@-][\w@./-]*\.(?:[cm]?[jt]sx?)$/.test(title) && !title.split("/").includes("..")) {
    const candidate = path.join(pageDir, `${title.replace(/\.[^.]+$/, "")}.${ext}`);
    if (!taken.has(candidate)) return candidate;
  }
  return path.join(pageDir, `block-${block.line}.${ext}`);
}
