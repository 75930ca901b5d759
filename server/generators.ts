import type { PageGenerator } from "./content/generator";

/** Generators of reference pages from data files of the content repository. */
export const generators: PageGenerator[] = [];
