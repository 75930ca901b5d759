import { useEffect, useLayoutEffect, type RefObject } from "react";
import { writeClipboard } from "~/lib/clipboard";
import { useClientLinks } from "./useClientLinks";

/**
 * Makes a page body's HTML (written by server/mdx/html-components.ts) interactive, by event
 * delegation on its container: tab lists (arrow keys, groups that switch together and remember the
 * choice), copy buttons of code blocks, heading anchors that also copy their URL, sideways-scrolling
 * tables reachable by keyboard, and internal links navigated client-side. Returns the internal
 * page the reader points at or focuses, for prefetching.
 */
export function useBodyEnhancements(ref: RefObject<HTMLElement>, html: string): string | undefined {
  const intent = useClientLinks(ref);

  // Before paint, so a body inserted by client-side navigation never shows every tab panel at once.
  useBrowserLayoutEffect(() => {
    const body = ref.current;
    if (!body) return;
    for (const tabs of body.querySelectorAll<HTMLElement>(".tabs")) enhanceTabs(tabs);
    // Only frames the compiler made carry data-copy (authors cannot write it): the code they hold.
    for (const frame of body.querySelectorAll<HTMLElement>(".code-frame[data-copy]")) addCopyButton(frame);
    return watchTables(body);
  }, [ref, html]);

  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const tab = target.closest<HTMLElement>('.tabs-list [role="tab"]');
      if (tab) return choose(tab);
      const copy = target.closest<HTMLButtonElement>(".copy-button");
      if (copy) return void copyCode(copy);
      const anchor = target.closest<HTMLAnchorElement>("a.heading-anchor");
      if (anchor) flash(anchor, writeClipboard(anchor.href));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const tab = (event.target as Element).closest<HTMLElement>('.tabs-list [role="tab"]');
      if (tab) moveBetweenTabs(tab, event);
    };
    body.addEventListener("click", onClick);
    body.addEventListener("keydown", onKeyDown);
    return () => {
      body.removeEventListener("click", onClick);
      body.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);

  return intent;
}

const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const tabsOf = (tabs: HTMLElement) => [...tabs.querySelectorAll<HTMLElement>(':scope > .tabs-list > [role="tab"]')];
const panelsOf = (tabs: HTMLElement) => [...tabs.querySelectorAll<HTMLElement>(":scope > .tabs-panel")];
const storageKey = (group: string) => `tabs:${group}`;
let tabGroups = 0;

/**
 * Turns panels written one after another, each after its label, into tabs: a tab list built from
 * the labels, which are then hidden, and only the chosen panel shown: the reader's remembered
 * choice for the group, else the default.
 */
function enhanceTabs(tabs: HTMLElement): void {
  if (tabs.querySelector(":scope > .tabs-list")) return;
  const prefix = `tabs-${++tabGroups}`;
  const list = document.createElement("div");
  list.className = "tabs-list";
  list.setAttribute("role", "tablist");
  for (const [index, panel] of panelsOf(tabs).entries()) {
    const label = panel.querySelector<HTMLElement>(":scope > .tabs-label");
    const tab = document.createElement("button");
    tab.type = "button";
    tab.id = `${prefix}-tab-${index}`;
    tab.setAttribute("role", "tab");
    tab.dataset.value = panel.dataset.value;
    tab.textContent = label?.textContent ?? panel.dataset.value ?? "";
    panel.id = `${prefix}-panel-${index}`;
    tab.setAttribute("aria-controls", panel.id);
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tab.id);
    if (label) label.hidden = true;
    list.append(tab);
  }
  tabs.prepend(list);
  const group = tabs.dataset.groupId;
  const remembered = group ? readStorage(storageKey(group)) : undefined;
  const panels = panelsOf(tabs);
  const initial =
    panels.find((panel) => panel.dataset.value === remembered) ?? panels.find((panel) => panel.hasAttribute("data-default")) ?? panels[0];
  if (initial) show(tabs, initial.dataset.value!);
}

/** Gives a code block its copy button. */
function addCopyButton(frame: HTMLElement): void {
  if (frame.querySelector(":scope > .copy-button")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy-button";
  button.textContent = "Copy";
  button.setAttribute("aria-label", "Copy code to clipboard");
  frame.querySelector(":scope > pre")?.after(button);
}

function show(tabs: HTMLElement, value: string): void {
  const tab = tabsOf(tabs).find((t) => t.dataset.value === value);
  if (!tab) return;
  for (const t of tabsOf(tabs)) {
    t.setAttribute("aria-selected", String(t === tab));
    t.tabIndex = t === tab ? 0 : -1;
  }
  for (const panel of panelsOf(tabs)) panel.hidden = panel.id !== tab.getAttribute("aria-controls");
}

/** Selects a tab, and the same value in every tab list of its group on the page; the choice is remembered. */
function choose(tab: HTMLElement): void {
  const tabs = tab.closest<HTMLElement>(".tabs")!;
  const value = tab.dataset.value!;
  show(tabs, value);
  const group = tabs.dataset.groupId;
  if (!group) return;
  writeStorage(storageKey(group), value);
  for (const other of document.querySelectorAll<HTMLElement>(".tabs[data-group-id]")) {
    if (other !== tabs && other.dataset.groupId === group) show(other, value);
  }
}

function moveBetweenTabs(tab: HTMLElement, event: KeyboardEvent): void {
  const all = tabsOf(tab.closest<HTMLElement>(".tabs")!);
  const index = all.indexOf(tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: all.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = all[(next + all.length) % all.length]!;
  choose(target);
  target.focus();
}

/** Copies the code the compiler kept for the frame, not the text shown, which styles could make differ. */
async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest<HTMLElement>(".code-frame[data-copy]")?.dataset.copy;
  if (code === undefined) return;
  await writeClipboard(code);
  button.textContent = "Copied";
  button.setAttribute("aria-label", "Copied");
  setTimeout(() => {
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy code to clipboard");
  }, 1500);
}

/** Marks an anchor for a moment once its URL is copied (the stylesheet says so next to it). */
async function flash(anchor: HTMLElement, copied: Promise<void>): Promise<void> {
  await copied;
  anchor.dataset.copied = "";
  setTimeout(() => delete anchor.dataset.copied, 1500);
}

/**
 * A table wider than the column scrolls inside its wrapper; such a wrapper becomes a focusable
 * region, so keyboard users can scroll it too, labelled with its number on the page and the heading
 * of its section so that every region's name is distinct.
 */
function watchTables(body: HTMLElement): (() => void) | undefined {
  const wrappers = [...body.querySelectorAll<HTMLElement>(".table-scroll")];
  if (!wrappers.length || typeof ResizeObserver === "undefined") return undefined;
  const check = (wrapper: HTMLElement) => {
    if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
      wrapper.tabIndex = 0;
      wrapper.setAttribute("role", "region");
      wrapper.setAttribute("aria-label", regionLabel(wrapper, wrappers.indexOf(wrapper) + 1));
    } else {
      wrapper.removeAttribute("tabindex");
      wrapper.removeAttribute("role");
      wrapper.removeAttribute("aria-label");
    }
  };
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) check((entry.target as HTMLElement).closest(".table-scroll")!);
  });
  for (const wrapper of wrappers) {
    observer.observe(wrapper);
    if (wrapper.firstElementChild) observer.observe(wrapper.firstElementChild);
  }
  return () => observer.disconnect();
}

function regionLabel(wrapper: HTMLElement, number: number): string {
  let heading: Element | null = wrapper;
  while (heading && !/^H[1-6]$/.test(heading.tagName))
    heading = heading.previousElementSibling ?? heading.parentElement?.closest(".markdown > *") ?? null;
  const section = heading?.textContent?.trim();
  return `Table ${number}${section ? `, ${section}` : ""} (scrolls sideways)`;
}

function readStorage(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage blocked: the default tab
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
