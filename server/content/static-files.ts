import { BadRequestError, NotFoundError } from "../errors";
import type { FileMap } from "../git/store";

/** Files under static/ in the content repository are served at /static/<path>. */
export const STATIC_DIR = "static/";

const CONTENT_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  pdf: "application/pdf",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  move: "text/plain; charset=utf-8",
  toml: "text/plain; charset=utf-8",
  mp4: "video/mp4",
  webm: "video/webm",
};

export interface StaticFile {
  path: string;
  oid: string;
  contentType: string;
}

/**
 * Finds `static/<urlPath>` in a commit's tree. The path is looked up in the commit's file map, never
 * on a filesystem, but traversal-looking paths are still refused so the mistake is reported clearly.
 */
export function staticFile(files: FileMap, urlPath: string): StaticFile {
  const segments = urlPath.split("/");
  if (!urlPath || segments.some((s) => s === "" || s === "." || s === ".." || /[\\\0]/.test(s))) {
    throw new BadRequestError(`"/static/${urlPath}" is not a valid file path: use plain path segments, without "..", "." or backslashes.`);
  }
  const path = STATIC_DIR + urlPath;
  const oid = files.get(path);
  if (!oid) throw new NotFoundError(`There is no file /static/${urlPath} at this commit.`, "file");
  const extension = urlPath.slice(urlPath.lastIndexOf(".") + 1).toLowerCase();
  return { path, oid, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" };
}
