import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { IconMore } from './icons';

export interface MenuAction {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Shown but not operable (aria-disabled, so it stays reachable with the arrow keys and is read as unavailable). */
  disabled?: boolean;
  destructive?: boolean;
  /** Keeps the menu open until the promise `onSelect` returns settles, so the item's label can show progress. */
  keepOpen?: boolean;
  onSelect: () => void | Promise<void>;
}

export interface ActionsMenuProps {
  /** The menu button's accessible name, e.g. 'Actions for pitch.pdf'. */
  label: string;
  actions: readonly MenuAction[];
  /** Disables the menu button. */
  disabled?: boolean;
}

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens the menu on its first item, arrows,
 * Home and End move, Escape closes it and gives focus back to the button, Tab and a click elsewhere close it.
 */
export function ActionsMenu({ label, actions, disabled = false }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once per opening.
  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current === 'first' ? 0 : actions.length - 1;
    itemRefs.current[target]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = ({ restoreFocus }: { restoreFocus: boolean }) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close({ restoreFocus: true });
      return;
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  const select = async (action: MenuAction) => {
    if (action.disabled) return;
    if (!action.keepOpen) {
      // Focus is on the button before the action runs, so a dialog it opens gives focus back there.
      close({ restoreFocus: true });
      await action.onSelect();
      return;
    }
    const result = action.onSelect();
    if (result instanceof Promise) {
      try {
        await result;
      } finally {
        // Focus goes back to the button only if it was still in the menu (the founder may have moved on).
        const inside = rootRef.current?.contains(document.activeElement) ?? false;
        setOpen(false);
        if (inside) buttonRef.current?.focus();
      }
    } else {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="actions-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--ghost btn--icon actions-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <IconMore />
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label={label} className="actions-menu__list" onKeyDown={onMenuKeyDown}>
          {actions.map((action, index) => (
            <button
              key={action.id}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={action.disabled || undefined}
              className={
                action.destructive ? 'actions-menu__item actions-menu__item--destructive' : 'actions-menu__item'
              }
              onClick={() => void select(action)}
            >
              {action.icon}
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
