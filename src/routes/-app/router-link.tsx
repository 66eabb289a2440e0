import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { LinkComponentProps } from '@/ui/kit/link';

/**
 * The ui's links (`AppLink`) rendered for the router: a real anchor (so opening in a new tab, copying and crawling
 * work as for any link) whose plain click navigates inside the app instead of reloading the page. Modified
 * clicks, other targets and downloads are left to the browser.
 */
export function RouterLink({ href, onClick, target, ...rest }: LinkComponentProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((target && target !== '_self') || rest.download !== undefined) return;
    // Only paths of this app; anything with a scheme or host is another site.
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
