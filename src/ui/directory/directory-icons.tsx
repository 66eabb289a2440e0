import type { ReactNode } from 'react';
import { SvgIcon } from '../kit/svg-icon';
import { NAV_ICON_PATHS } from '../kit/nav-icons';

/**
 * The directory's inline SVG icons (search, favourites, rating, places), drawn like those of icons.tsx: decoration
 * only, hidden from assistive technology, stroked in currentColor. Kept apart from icons.tsx so the browse screens
 * add nothing to the shared icon set while other screens grow it.
 */
const PATHS = {
  ...NAV_ICON_PATHS,
  star: <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />,
  pin: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  trendUp: (
    <>
      <path d="M3.5 17l6-6 4 4 7-7.5" />
      <path d="M15 7.5h5.5V13" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="4.5" width="18" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-9 8.5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type DirectoryIconName = keyof typeof PATHS;

export function DirectoryIcon({
  name,
  size = 20,
  filled = false,
  className,
}: {
  name: DirectoryIconName;
  size?: number;
  filled?: boolean;
  className?: string;
}) {
  return (
    <SvgIcon size={size} filled={filled} className={className}>
      {PATHS[name]}
    </SvgIcon>
  );
}
