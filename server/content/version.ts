/** SPEC section 3: the docs version record, kept as data in site/version.json. */
export interface VersionRecord {
  pluginId: string;
  version: string;
  label: string;
  banner: string | null;
  badge: boolean;
  noIndex: boolean;
  className?: string;
  isLast: boolean;
}

export function parseVersionRecord(text: string): VersionRecord {
  const value = JSON.parse(text) as Partial<VersionRecord>;
  if (typeof value.pluginId !== "string" || typeof value.version !== "string" || typeof value.label !== "string") {
    throw new Error("site/version.json needs pluginId, version and label");
  }
  return {
    pluginId: value.pluginId,
    version: value.version,
    label: value.label,
    banner: value.banner ?? null,
    badge: value.badge === true,
    noIndex: value.noIndex === true,
    ...(value.className ? { className: value.className } : {}),
    isLast: value.isLast !== false,
  };
}
