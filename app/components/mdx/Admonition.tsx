import type { ReactNode } from "react";

const LABELS = { note: "Note", tip: "Tip", info: "Info", caution: "Caution", danger: "Danger" } as const;
const ICONS = { note: "ℹ", tip: "✦", info: "ℹ", caution: "⚠", danger: "⛔" } as const;
type Kind = keyof typeof LABELS;

export function Admonition({ type = "note", title, children }: { type?: string; title?: string; children?: ReactNode }) {
  const kind: Kind = type in LABELS ? (type as Kind) : "note";
  return (
    <aside className={`admonition admonition-${kind}`} aria-label={title ?? LABELS[kind]}>
      <p className="admonition-title">
        <span aria-hidden="true">{ICONS[kind]}</span> {title ?? LABELS[kind]}
      </p>
      <div className="admonition-body">{children}</div>
    </aside>
  );
}
