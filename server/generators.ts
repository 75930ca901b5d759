import type { PageGenerator } from "./content/generator";
import { graphqlGenerator } from "./graphql/generate";
import { openRpcGenerator } from "./openrpc/generate";

/** Generators of reference pages from data files of the content repository. */
export const generators: PageGenerator[] = [graphqlGenerator, openRpcGenerator];
