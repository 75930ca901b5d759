import { useEffect, useRef, useState, type TableHTMLAttributes } from "react";
import { useOverflowing } from "~/hooks/useOverflowing";

/**
 * Tables keep their table semantics and scroll sideways inside a wrapper when too wide. A wrapper
 * that scrolls becomes a focusable region, so keyboard users can scroll it too, labelled with its
 * number on the page and the heading of its section so that every region's name is distinct.
 */
export function Table(props: TableHTMLAttributes<HTMLTableElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  const [label, setLabel] = useState("Table");
  useEffect(() => {
    if (overflowing && ref.current) setLabel(regionLabel(ref.current));
  }, [overflowing]);
  return (
    <div ref={ref} className="table-scroll" {...(overflowing ? { tabIndex: 0, role: "region", "aria-label": label } : {})}>
      <table {...props} />
    </div>
  );
}

function regionLabel(wrapper: HTMLElement): string {
  const number = [...document.querySelectorAll(".table-scroll")].indexOf(wrapper) + 1;
  let heading: Element | null = wrapper;
  while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling ?? heading.parentElement?.closest(".markdown > *") ?? null;
  const section = heading?.textContent?.trim();
  return `Table ${number}${section ? `, ${section}` : ""} (scrolls sideways)`;
}
