import type { ReferenceKind } from "./kinds";

/**
 * The route slug of a GraphQL name: a hyphen between a lower-case letter and a capital and between
 * a letter and a digit, then lower case (GasCostSummary: gas-cost-summary, Base64: base-64,
 * IOwner: iowner, JSON: json).
 */
export function graphqlSlug(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .replace(/([A-Za-z])([0-9])/g, "$1-$2")
    .toLowerCase();
}

export const GRAPHQL_REFERENCE = "references/sui-api/graphql/reference";

export function referenceId(kind: ReferenceKind, name: string): string {
  return `${GRAPHQL_REFERENCE}/${kind}/${graphqlSlug(name)}`;
}
