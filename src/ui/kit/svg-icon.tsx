import type { ReactNode } from 'react';
import { cx } from './class-names';

/**
 * The one drawing of the app's line icons (nav-icons.tsx, icons.tsx, directory-icons.tsx, listing-icons.tsx): a
 * 24 px grid, strokes in currentColor so icons follow the text colour in both themes, and hidden from assistive
 * technology (the control or text beside an icon carries the meaning). In the first page's kit chunk with
 * nav-icons.tsx (vite.config.ts).
 */
export function SvgIcon({
  size,
  filled = false,
  className,
  children,
}: {
  size: number;
  /** Filled shape (a saved favourite's heart, a rating's stars). */
  filled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={cx('icon', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
