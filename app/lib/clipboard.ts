import { useCallback, useState } from "react";

/** Copies text to the clipboard, also on plain-http origins. */
export async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // The Clipboard API is missing on plain-http origins; a hidden textarea still works there.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** Copies text produced on demand; `copied` stays true for a moment so the button can say so. */
export function useCopy(): { copied: boolean; copy: (text: () => string | Promise<string>) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const copy = useCallback(async (text: () => string | Promise<string>) => {
    await writeClipboard(await text());
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }, []);
  return { copied, copy };
}
