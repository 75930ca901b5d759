import type { ReactNode } from "react";
import { DocLink } from "./DocLink";

export function Cards({ children }: { children?: ReactNode }) {
  return <div className="cards">{children}</div>;
}

export function Card({ title, href, children }: { title: string; href?: string; children?: ReactNode }) {
  const body = (
    <>
      <span className="card-title">{title}</span>
      {children ? <span className="card-body">{children}</span> : null}
    </>
  );
  return href ? (
    <DocLink className="card" href={href}>
      {body}
    </DocLink>
  ) : (
    <div className="card">{body}</div>
  );
}

export function Steps({ children }: { children?: ReactNode }) {
  return <div className="steps">{children}</div>;
}

export function Badge({ children, tone = "neutral" }: { children?: ReactNode; tone?: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
