import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The tab list's accessible name, e.g. 'File categories'. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  panelRef?: Ref<HTMLDivElement>;
  className?: string;
}

/**
 * Tabs that filter one panel (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move between
 * tabs, only the selected tab is in the tab order, and the panel is labelled by the selected tab.
 */
export function Tabs<T extends string>({ label, items, value, onChange, children, panelRef, className }: TabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (v: T) => `${baseId}-tab-${v}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = next === null ? undefined : items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                if (el) tabRefs.current.set(item.value, el);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        className="tabs__panel"
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
