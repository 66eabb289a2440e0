import { cx } from '../kit/class-names';

/**
 * The icons the app shell and the home page's search box need at first paint (search, heart, chat), apart
 * from the rest of directory-icons.tsx so the home page's initial JavaScript carries only these.
 */
export const NAV_ICON_PATHS = {
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.2 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />,
  chat: <path d="M4.5 5.5h15v10h-9l-4.5 3.5v-3.5h-1.5z" />,
};

export function NavIcon({ name, size = 20, className }: { name: keyof typeof NAV_ICON_PATHS; size?: number; className?: string }) {
  return (
    <svg
      className={cx('icon', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {NAV_ICON_PATHS[name]}
    </svg>
  );
}
