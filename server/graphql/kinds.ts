/**
 * The kinds of GraphQL reference page, in the order the schema page and the sidebar list them,
 * with the heading of their group and the badge a page of the kind carries. Each kind is a folder
 * of the generated reference (references/sui-api/graphql/reference/<kind>/<type>).
 */
export const REFERENCE_KINDS = {
  queries: { label: "Queries", badge: "query" },
  mutations: { label: "Mutations", badge: "mutation" },
  objects: { label: "Objects", badge: "object" },
  interfaces: { label: "Interfaces", badge: "interface" },
  unions: { label: "Unions", badge: "union" },
  enums: { label: "Enums", badge: "enum" },
  inputs: { label: "Inputs", badge: "input" },
  scalars: { label: "Scalars", badge: "scalar" },
  directives: { label: "Directives", badge: "directive" },
} as const;

export type ReferenceKind = keyof typeof REFERENCE_KINDS;

export const REFERENCE_KIND_ORDER = Object.keys(REFERENCE_KINDS) as ReferenceKind[];

/** The group heading of a reference folder, or the folder's own name for one that is not a kind. */
export function referenceKindLabel(folder: string): string {
  return Object.hasOwn(REFERENCE_KINDS, folder) ? REFERENCE_KINDS[folder as ReferenceKind].label : folder;
}
