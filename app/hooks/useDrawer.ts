import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";

export interface Drawer {
  open: boolean;
  show: () => void;
  close: () => void;
}

/** Open state of the narrow-screen navigation drawer; any navigation closes it. */
export function useDrawer(): Drawer {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, show, close };
}
