import { SvgIcon } from './svg-icon';

/**
 * The icons of the first paint: the tab bar's (home, search, heart, chat, user), the home page's search box and the
 * retry button of the error and load-failure states. They are apart from the rest of icons.tsx and
 * directory-icons.tsx (which reuse these drawings) so the first page's JavaScript carries only these.
 */
export const NAV_ICON_PATHS = {
  home: <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4 4.2-6 8-6s7 2 8 6" />
    </>
  ),
  retry: (
    <>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 4v5h-5" />
    </>
  ),
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
    <SvgIcon size={size} className={className}>
      {NAV_ICON_PATHS[name]}
    </SvgIcon>
  );
}
