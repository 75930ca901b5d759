import { publicOriginOf } from "../../server/index";
import { content } from "~/content.server";

/** The origin this site names itself by for a request's Host header (server/public-origin.ts). */
export const publicOrigin = publicOriginOf(content.config);
