import { readFileSync } from "node:fs";
import path from "node:path";
import type { FunctionFact } from "../check-examples/facts";
import { findFiles } from "./clap-tree";
import { moveFunctions } from "./move-source";

/** The packages the example checker knows, by their directory under crates/sui-framework/packages. */
export const FRAMEWORK_PACKAGES = ["move-stdlib", "sui-framework", "sui-system", "deepbook"] as const;

export interface GeneratedFramework {
  packages: Record<string, string>;
  /** "package::module" -> the source file it was read from (relative to the checkout). */
  modules: Record<string, string>;
  /** `#[test_only]` modules (their functions are in `functions`: tests call them). */
  testOnlyModules: string[];
  /** `#[test_only]` functions of the other modules. */
  testOnly: string[];
  functions: Record<string, FunctionFact>;
}

/**
 * Reads every module of the framework packages from `checkout`: the named address and its value
 * from each Move.toml, then every function of every non-test module under `sources/`.
 * `#[test_only]` functions of ordinary modules go to `testOnly` (tests may call them), not to
 * `functions`; `#[test_only]` modules (test_scenario, test_utils) are listed whole, as tests use them.
 */
export function readFramework(checkout: string): GeneratedFramework {
  const out: GeneratedFramework = { packages: {}, modules: {}, testOnlyModules: [], testOnly: [], functions: {} };
  for (const directory of FRAMEWORK_PACKAGES) {
    const base = path.join(checkout, "crates/sui-framework/packages", directory);
    const manifest = readFileSync(path.join(base, "Move.toml"), "utf8");
    const addresses = /\[addresses\]\s*\n\s*(\w+)\s*=\s*"(0x[0-9a-fA-F]+)"/.exec(manifest);
    if (!addresses) throw new Error(`${directory}/Move.toml names no address`);
    const [, name, address] = addresses;
    out.packages[name!] = address!;
    for (const file of findFiles(path.join(base, "sources"), (entry) => entry.endsWith(".move") && !entry.endsWith(".spec.move"))) {
      const relative = path.relative(checkout, file);
      for (const fn of moveFunctions(readFileSync(file, "utf8"), name!)) {
        const module = `${name}::${fn.name.split("::")[0]}`;
        out.modules[module] ??= relative;
        if (fn.testOnlyModule && !out.testOnlyModules.includes(module)) out.testOnlyModules.push(module);
        const full = `${name}::${fn.name}`;
        if (fn.testOnly && !fn.testOnlyModule) {
          out.testOnly.push(full);
          continue;
        }
        if (full in out.functions) throw new Error(`${full} is declared twice (${relative})`);
        out.functions[full] = fn.fact;
      }
    }
  }
  out.testOnly.sort();
  out.testOnlyModules.sort();
  return out;
}
