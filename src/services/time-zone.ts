import { TIME_ZONE_COOKIE } from '@/contract/first-paint-keys';

/**
 * Notes the browser's time zone in its cookie (no secret), with each user/me: the server paints the member's next
 * signed-in page in it (server/web/first-paint.ts visitorTimeZone, src/ui/kit/time-zone.ts).
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}
