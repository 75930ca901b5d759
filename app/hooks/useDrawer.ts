import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { SIDEBAR_ID } from "~/components/SidebarDrawer";

export interface Drawer {
  open: boolean;
  show: () => void;
  close: () => void;
}

/**
 * Open state of the narrow-screen navigation drawer; any navigation closes it. A drawer the reader
 * opened before hydration (its menu link made it the URL's #target) stays open as React takes over.
 */
export function useDrawer(): Drawer {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  useEffect(() => setOpen(window.location.hash === `#${SIDEBAR_ID}`), [key]);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, show, close };
}
