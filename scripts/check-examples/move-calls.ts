import { compareVersions, type FrameworkFacts } from "./facts";
import type { MoveScope } from "./move-uses";

/** A call found in Move code: the callee as written (`coin::mint`, `sui::coin::mint`, `mint`). */
export interface MoveCall {
  callee: string;
  macro: boolean;
}

/**
 * The full `package::module::function` a call names, through the block's `use` aliases, or
 * undefined when it names something outside the framework facts (the example's own modules,
 * local functions). Numeric addresses (0x2) map to package names.
 */
export function resolveCall(call: MoveCall, scope: MoveScope, facts: FrameworkFacts): string | undefined {
  const parts = call.callee
    .replace(/<[\s\S]*$/, "")
    .split("::")
    .map((part) => part.trim());
  let full: string[];
  if (parts.length === 1) {
    const member = scope.members.get(parts[0]!);
    if (!member) return undefined;
    full = member.split("::");
  } else if (parts.length === 2) {
    const module = scope.modules.get(parts[0]!);
    if (!module) return undefined;
    full = [...module.split("::"), parts[1]!];
  } else if (parts.length === 3) {
    full = parts;
  } else {
    return undefined;
  }
  const packageName = packageOf(full[0]!, facts);
  return packageName ? [packageName, full[1], full[2]].join("::") : undefined;
}

function packageOf(address: string, facts: FrameworkFacts): string | undefined {
  if (address in facts.packages) return address;
  if (!/^0x[0-9a-fA-F]+$/.test(address)) return undefined;
  const short = `0x${address
    .slice(2)
    .replace(/^0+(?=.)/, "")
    .toLowerCase()}`;
  return Object.keys(facts.packages).find((name) => facts.packages[name] === short);
}

/**
 * Why a call to a framework function is wrong, or undefined when it is fine. `sui` is the
 * version the page's verified_with declares: a function newer than the pin (an addition) is
 * only callable on a page that declares its release or a later one. `caller` is who calls:
 * Move code of another package reaches only public functions, while a transaction's MoveCall
 * (`sui client ptb --move-call`, `sui client call`) may also call entry functions that are not public.
 */
export function callProblem(
  call: MoveCall,
  full: string,
  facts: FrameworkFacts,
  sui?: string,
  caller: "move" | "transaction" = "move",
): string | undefined {
  const fact = facts.functions[full];
  if (!fact) {
    const module = full.split("::").slice(0, 2).join("::");
    const moduleExists = Object.keys(facts.functions).some((name) => name.startsWith(`${module}::`));
    if (moduleExists && (/_for_testing$/.test(full) || facts.testOnly.functions.includes(full))) return undefined;
    return moduleExists ? `${full} does not exist in the pinned framework` : `module ${module} does not exist in the pinned framework`;
  }
  if (fact.since && !(sui && compareVersions(sui, fact.since) >= 0)) {
    return (
      `${full} first ships in Sui ${fact.since}: the page must declare verified_with sui "${fact.since}" ` +
      `(it declares ${sui ? `"${sui}"` : "no sui version"})`
    );
  }
  if (fact.deprecated) return `${full} is deprecated: ${fact.deprecated}`;
  if (fact.visibility !== "public" && !(caller === "transaction" && fact.visibility === "entry"))
    return `${full} is ${fact.visibility === "entry" ? "an entry function" : `${fact.visibility}`}, not callable from ${
      caller === "transaction" ? "a transaction" : "another package's Move code"
    }`;
  if (fact.macro && !call.macro) return `${full} is a macro: call it as ${full.split("::").pop()}!(...)`;
  if (!fact.macro && call.macro) return `${full} is a function, not a macro: call it without !`;
  return undefined;
}
