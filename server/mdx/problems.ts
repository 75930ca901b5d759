import type { Node } from "unist";

/** Something in a page the compiler refuses, at a place an author can go to. */
export interface PageProblem {
  /** Repository path of the file (the page, or a snippet it imports). */
  file: string;
  line: number;
  column: number;
  reason: string;
}

export function formatProblem({ file, line, column, reason }: PageProblem): string {
  return `${file}:${line}:${column}: ${reason}`;
}

/** Thrown inside the compiler; the worker turns it into data for the engine's CompileError. */
export class PageProblems extends Error {
  constructor(readonly problems: PageProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "PageProblems";
  }
}

export function problemAt(file: string, node: Node | undefined, reason: string): PageProblem {
  const start = node?.position?.start;
  return { file, line: start?.line ?? 1, column: start?.column ?? 1, reason };
}
