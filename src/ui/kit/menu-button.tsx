import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { cx } from './class-names';
import './menu-button.css';

export interface MenuItem {
  /** The item's text (already translated), its accessible name. */
  label: string;
  onSelect(): void;
}

export interface MenuButtonProps {
  /** The button's accessible name and tooltip (already translated), e.g. "More options". */
  label: string;
  /** The button's icon; decorative (the label names the button). */
  icon: ReactNode;
  items: readonly MenuItem[];
  className?: string;
}

/**
 * An icon button that opens a menu, as the WAI-ARIA menu button pattern describes (an app bar's overflow menu):
 * a click, Enter, Space or ArrowDown opens it on its first item, ArrowUp on its last; ArrowDown, ArrowUp, Home and
 * End move between items; Escape closes it and focus returns to the button; Tab or a click elsewhere closes it.
 * Choosing an item closes the menu and puts focus back on the button before the item runs, so a dialog the item
 * opens gives focus back to the button when it closes. The menu is in the page's flow (no portal): it opens below
 * the button, at the inline end.
 */
export function MenuButton({ label, icon, items, className }: MenuButtonProps) {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) buttonRef.current?.focus();
  };

  // Opening moves focus into the menu; a press outside closes it (focus goes where the press put it).
  useEffect(() => {
    if (!open) return;
    const all = menuItemsOf(menuRef);
    (open === 'first' ? all[0] : all.at(-1))?.focus();
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  return (
    <div className={cx('menu-button', className)} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        id={`${id}-button`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
      </button>
      {open && <MenuList id={id} items={items} menuRef={menuRef} onClose={close} />}
    </div>
  );
}

/** The items of an open menu, in order. */
export function menuItemsOf(menuRef: RefObject<HTMLDivElement | null>): HTMLElement[] {
  return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export interface MenuListProps {
  /** The menu button's useId(): the menu is `{id}-menu`, named by the button `{id}-button`. */
  id: string;
  items: readonly MenuItem[];
  menuRef: RefObject<HTMLDivElement | null>;
  /** Closes the menu; `refocus`: focus goes back to the menu's button (Escape, an item chosen), not for Tab. */
  onClose(refocus: boolean): void;
  className?: string;
}

/**
 * An open menu's list and its keys (WAI-ARIA menu pattern): ArrowDown, ArrowUp, Home and End move between items;
 * Escape closes it with focus back on its button; Tab closes it. Choosing an item closes the menu and puts focus back
 * on the button before the item runs, so a dialog the item opens gives focus back to the button when it closes.
 */
export function MenuList({ id, items, menuRef, onClose, className }: MenuListProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    const all = menuItemsOf(menuRef);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      // The menu's own Escape: an enclosing dialog must not close with it.
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    } else if (event.key === 'Tab') onClose(false);
  };
  return (
    <div className={cx('menu', className)} role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} ref={menuRef} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="menu-item"
          onClick={() => {
            onClose(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
