import { NotFoundError, type Release } from "../../server/index";
import { content } from "~/content.server";

export interface VersionsData {
  /** The branch Latest follows. */
  latest: string;
  /** Every release, newest first. */
  releases: Release[];
  /** How many of them the header's menu lists (VERSION_MENU_SIZE). */
  menuSize: number;
}

/** The releases the site serves (NotFoundError when VERSION_TAGS is unset). */
export async function loadVersions(): Promise<VersionsData> {
  const { versionTags, versionMenuSize, branch } = content.config;
  if (!versionTags) throw new NotFoundError("This site serves no versions: VERSION_TAGS is not set");
  return { latest: branch, releases: await content.releases(), menuSize: versionMenuSize };
}
