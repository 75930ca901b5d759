import { Children, isValidElement, useEffect, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

const GROUP_EVENT = "docs:tab-group";

/** Docusaurus-style tabs; tabs with the same groupId switch together and remember the choice. */
export function Tabs({ children, groupId }: { children?: ReactNode; groupId?: string }) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c) && typeof (c.props as TabItemProps).value === "string");
  const initial = items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  const [selected, setSelected] = useState(initial);
  const id = useId();

  useEffect(() => {
    if (!groupId) return;
    const stored = localStorage.getItem(`tabs:${groupId}`);
    if (stored && items.some((i) => i.props.value === stored)) setSelected(stored);
    const onGroup = (e: Event) => {
      const detail = (e as CustomEvent<{ groupId: string; value: string }>).detail;
      if (detail.groupId === groupId && items.some((i) => i.props.value === detail.value)) setSelected(detail.value);
    };
    window.addEventListener(GROUP_EVENT, onGroup);
    return () => window.removeEventListener(GROUP_EVENT, onGroup);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupId]);

  const choose = (value: string) => {
    setSelected(value);
    if (groupId) {
      localStorage.setItem(`tabs:${groupId}`, value);
      window.dispatchEvent(new CustomEvent(GROUP_EVENT, { detail: { groupId, value } }));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = e.key === "ArrowRight" ? index + 1 : e.key === "ArrowLeft" ? index - 1 : undefined;
    if (next === undefined) return;
    const target = items[(next + items.length) % items.length]!;
    choose(target.props.value);
    document.getElementById(`${id}-tab-${target.props.value}`)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" className="tabs-list">
        {items.map((item, index) => (
          <button
            key={item.props.value}
            id={`${id}-tab-${item.props.value}`}
            role="tab"
            type="button"
            aria-selected={item.props.value === selected}
            aria-controls={`${id}-panel-${item.props.value}`}
            tabIndex={item.props.value === selected ? 0 : -1}
            onClick={() => choose(item.props.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {item.props.label ?? item.props.value}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.props.value}
          id={`${id}-panel-${item.props.value}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${item.props.value}`}
          hidden={item.props.value !== selected}
          className="tabs-panel"
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
