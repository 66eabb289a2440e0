import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../kit/class-names';
import { MenuList, menuItemsOf } from '../kit/menu-button';
import { SvgIcon } from '../kit/svg-icon';
import './message-menu.css';

export interface MessageMenuProps {
  /** Opens the report dialog with this message as its target. */
  onReport(): void;
}

/** A press held this long on a message opens its menu, as a long press does in WhatsApp and Telegram. */
const LONG_PRESS_MS = 500;
/** A press that moves further than this (px) is a scroll, not a long press. */
const PRESS_SLOP = 10;
/** Space kept between the menu and the edges of the window (px). */
const EDGE = 8;

/**
 * A message's own menu (issue 30), as WhatsApp's: a "Message options" button in the bubble's top corner, shown while
 * the bubble is hovered or the button has focus, and on touch screens after a tap on the bubble; a long press or a
 * right click on the bubble opens the menu at once. It is placed in the bubble it sits in (its parent element).
 *
 * The menu follows the WAI-ARIA menu button pattern like kit/menu-button.tsx (arrow keys, Home, End, Escape returns
 * focus to the button, Tab or a press elsewhere closes it), but is placed in the window (position: fixed) below or
 * above the button, wherever it fits: inside the scrolling message list, a menu in the flow would be cut off at the
 * list's end. Scrolling closes it.
 */
export function MessageMenu({ onReport }: MessageMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const items = [{ label: t`Report message`, onSelect: onReport }];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus({ preventScroll: true });
  };

  // The bubble's presses: a long press (touch, pen) or the context menu opens the menu; a tap shows the button.
  useEffect(() => {
    const bubble = rootRef.current?.parentElement;
    if (!bubble) return;
    let timer = 0;
    let start: { x: number; y: number } | null = null;
    const cancel = () => {
      window.clearTimeout(timer);
      timer = 0;
      start = null;
    };
    const onOwnControls = (event: Event) => rootRef.current?.contains(event.target as Node) ?? false;
    const down = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' || onOwnControls(event)) return;
      cancel();
      start = { x: event.clientX, y: event.clientY };
      timer = window.setTimeout(() => {
        timer = 0;
        start = null;
        setOpen(true);
      }, LONG_PRESS_MS);
    };
    const move = (event: PointerEvent) => {
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > PRESS_SLOP) cancel();
    };
    const up = (event: PointerEvent) => {
      // Released before the long press: a tap, which shows (or hides) the button.
      if (timer && !onOwnControls(event)) setRevealed((shown) => !shown);
      cancel();
    };
    const contextMenu = (event: MouseEvent) => {
      if (onOwnControls(event)) return;
      event.preventDefault();
      cancel();
      setOpen(true);
    };
    bubble.addEventListener('pointerdown', down);
    bubble.addEventListener('pointermove', move);
    bubble.addEventListener('pointerup', up);
    bubble.addEventListener('pointercancel', cancel);
    bubble.addEventListener('contextmenu', contextMenu);
    return () => {
      cancel();
      bubble.removeEventListener('pointerdown', down);
      bubble.removeEventListener('pointermove', move);
      bubble.removeEventListener('pointerup', up);
      bubble.removeEventListener('pointercancel', cancel);
      bubble.removeEventListener('contextmenu', contextMenu);
    };
  }, []);

  // Placed before it is painted: below the button, or above it when the window ends first; aligned with the button's
  // inline start, kept inside the window.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!open || !menu || !button) return;
    const anchor = button.getBoundingClientRect();
    const { width, height } = menu.getBoundingClientRect();
    const rtl = getComputedStyle(button).direction === 'rtl';
    const below = anchor.bottom + EDGE / 2;
    const top = below + height > window.innerHeight - EDGE ? Math.max(EDGE, anchor.top - EDGE / 2 - height) : below;
    const wanted = rtl ? anchor.right - width : anchor.left;
    const left = Math.min(Math.max(EDGE, wanted), window.innerWidth - EDGE - width);
    menu.style.top = `${top}px`;
    menu.style.left = `${left}px`;
    menu.style.visibility = 'visible';
  }, [open]);

  // Open: focus on the first item; a press outside, scrolling or resizing closes it.
  useEffect(() => {
    if (!open) return;
    menuItemsOf(menuRef)[0]?.focus({ preventScroll: true });
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const dismiss = () => setOpen(false);
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', dismiss, true);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', dismiss, true);
      window.removeEventListener('resize', dismiss);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };
  return (
    <span className={cx('chat-message-menu', (open || revealed) && 'is-shown')} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="chat-message-menu-button"
        id={`${id}-button`}
        aria-label={t`Message options`}
        title={t`Message options`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onButtonKeyDown}
      >
        <SvgIcon size={20}>
          <path d="M6 9l6 6 6-6" />
        </SvgIcon>
      </button>
      {open && <MenuList id={id} items={items} menuRef={menuRef} onClose={close} className="chat-message-menu-list" />}
    </span>
  );
}
