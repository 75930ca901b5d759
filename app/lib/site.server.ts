import { content } from "~/content.server";
import { publicOrigin } from "./origin.server";
import type { SiteSettings } from "./site";

/** The site settings for a request: its configuration, and the origin its Host names. */
export function siteSettings(request: Request): SiteSettings {
  const { siteName, sourceRepoUrl, versionTags } = content.config;
  return { name: siteName, sourceRepoUrl, origin: publicOrigin(request.headers.get("Host")), versions: versionTags !== undefined };
}
