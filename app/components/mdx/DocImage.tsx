import type { ImgHTMLAttributes } from "react";
import { useDocHref } from "~/lib/commit";

/** Images from the content repository load at the commit the reader is viewing. */
export function DocImage({ src = "", alt = "", ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const docHref = useDocHref();
  return <img src={docHref(src)} alt={alt} loading="lazy" decoding="async" {...rest} />;
}
