/** The package managers an install fence is shown for, in tab order. */
export const PACKAGE_MANAGERS = ["npm", "pnpm", "yarn"] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** An npm command the converter does not know how to say in pnpm and yarn. */
export class UnsupportedNpmCommand extends Error {}

const DEV_FLAGS = new Set(["-D", "--save-dev"]);
const GLOBAL_FLAGS = new Set(["-g", "--global"]);
/** npm's default already saves to dependencies; pnpm and yarn do the same without a flag. */
const SAVE_FLAGS = new Set(["-S", "--save", "--save-prod", "-P"]);
const EXACT_FLAGS = new Set(["-E", "--save-exact"]);

/**
 * One shell line of an `npm2yarn` fence in each package manager's words: npm's line as written,
 * pnpm's and yarn's equivalents (modern Yarn: `yarn add`, `yarn dlx`). Each command of a `&&`
 * chain is converted; commands that are not `npm` or `npx` (comments, `cd`, blank lines) are the
 * same for all three.
 */
export function convertNpmLine(line: string): Record<PackageManager, string> {
  const parts = line.split(/(\s*&&\s*)/).map((part, i) => (i % 2 ? { npm: part, pnpm: part, yarn: part } : convertCommand(part)));
  return Object.fromEntries(PACKAGE_MANAGERS.map((pm) => [pm, parts.map((p) => p[pm]).join("")])) as Record<PackageManager, string>;
}

function convertCommand(line: string): Record<PackageManager, string> {
  const match = /^(\s*)(npm|npx)(\s.*)?$/.exec(line);
  if (!match) return { npm: line, pnpm: line, yarn: line };
  const [, indent, tool, rest = ""] = match;
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const [pnpm, yarn] = tool === "npx" ? npx(words) : npm(words, line);
  return { npm: line, pnpm: indent + pnpm.join(" "), yarn: indent + yarn.join(" ") };
}

/** Every line of a fence converted, as one block of text per package manager. */
export function convertNpmBlock(code: string): Record<PackageManager, string> {
  const lines = code.split("\n").map(convertNpmLine);
  return Object.fromEntries(PACKAGE_MANAGERS.map((pm) => [pm, lines.map((l) => l[pm]).join("\n")])) as Record<PackageManager, string>;
}

function npx(words: string[]): [string[], string[]] {
  const args = words.filter((w) => w !== "-y" && w !== "--yes");
  if (!args.length) throw new UnsupportedNpmCommand("`npx` needs a package to run");
  return [
    ["pnpm", "dlx", ...args],
    ["yarn", "dlx", ...args],
  ];
}

function npm(words: string[], line: string): [string[], string[]] {
  const [command, ...args] = words;
  switch (command) {
    case "install":
    case "i":
    case "add": {
      if (!args.some((a) => !a.startsWith("-"))) {
        if (args.length)
          throw new UnsupportedNpmCommand(`\`${line.trim()}\`: flags without packages have no pnpm and yarn equivalent here`);
        return [
          ["pnpm", "install"],
          ["yarn", "install"],
        ];
      }
      return install(args, line);
    }
    case "ci":
      return [
        ["pnpm", "install", "--frozen-lockfile"],
        ["yarn", "install", "--immutable"],
      ];
    case "uninstall":
    case "remove":
    case "rm":
    case "un":
      return [
        ["pnpm", "remove", ...args],
        ["yarn", "remove", ...args],
      ];
    case "run":
    case "run-script": {
      const [script, ...scriptArgs] = withoutSeparator(args);
      if (!script) throw new UnsupportedNpmCommand("`npm run` needs a script name");
      return [
        ["pnpm", "run", script, ...scriptArgs],
        ["yarn", "run", script, ...scriptArgs],
      ];
    }
    case "test":
    case "start":
      return [
        ["pnpm", command, ...args],
        ["yarn", command, ...args],
      ];
    case "init":
    case "create": {
      const [initializer, ...initArgs] = withoutSeparator(args);
      if (!initializer)
        return [
          ["pnpm", "init"],
          ["yarn", "init"],
        ];
      return [
        ["pnpm", "create", initializer, ...initArgs],
        ["yarn", "create", initializer, ...initArgs],
      ];
    }
    case "exec":
      return npx(withoutSeparator(args));
    default:
      throw new UnsupportedNpmCommand(
        `\`${line.trim()}\`: npm2yarn converts npm install/i/add/ci/uninstall/run/test/start/init/create/exec and npx; write other commands in a plain fence`,
      );
  }
}

/**
 * npm hands what follows `--` to the script or initializer; pnpm and yarn pass their extra
 * arguments on directly, and a literal `--` would reach the script and end its option parsing.
 */
function withoutSeparator(args: string[]): string[] {
  const at = args.indexOf("--");
  return at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 1)];
}

function install(args: string[], line: string): [string[], string[]] {
  let dev = false;
  let global = false;
  let exact = false;
  const packages: string[] = [];
  for (const arg of args) {
    if (DEV_FLAGS.has(arg)) dev = true;
    else if (GLOBAL_FLAGS.has(arg)) global = true;
    else if (EXACT_FLAGS.has(arg)) exact = true;
    else if (SAVE_FLAGS.has(arg)) continue;
    else if (arg.startsWith("-"))
      throw new UnsupportedNpmCommand(`\`${line.trim()}\`: the flag ${arg} has no pnpm and yarn equivalent here`);
    else packages.push(arg);
  }
  // Modern Yarn has no global installs; `yarn dlx` runs a tool without installing it.
  if (global)
    throw new UnsupportedNpmCommand(
      `\`${line.trim()}\`: global installs differ too much between package managers; write them in a plain fence`,
    );
  const flags = [...(dev ? ["-D"] : []), ...(exact ? ["-E"] : [])];
  return [
    ["pnpm", "add", ...flags, ...packages],
    ["yarn", "add", ...flags, ...packages],
  ];
}
