import type { OpeningPeriod, SocialLink } from '@/contract/calls/merchant';
import { SocialChannel } from '@/contract/feature-enums';

/**
 * Pure formatting of listing facts for the detail pages: safe links for social channels, weekdays and opening
 * hours in the active locale. Kept apart from the components so they can be tested without a browser.
 */

/** ISO weekdays, Monday first (the contract's opening periods use 1 Monday … 7 Sunday). */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A Monday (2024-01-01) as the anchor for weekday names: any date of that week names its weekday. */
const MONDAY_UTC = Date.UTC(2024, 0, 1);

/** The weekday's name in `locale` ('Monday', '月曜日', 'الاثنين'). */
export function weekdayName(isoDay: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(MONDAY_UTC + (isoDay - 1) * 86_400_000);
}

/** The ISO weekday (1–7) of `date` in the visitor's time zone. */
export function isoWeekday(date: Date): number {
  return ((date.getDay() + 6) % 7) + 1;
}

/** 'HH:MM' as the locale writes a time of day ('9:30 AM', '9:30', '午前9:30'). */
export function formatTimeOfDay(hhmm: string, locale: string): string {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, hours, minutes),
  );
}

export type DayHours =
  | { kind: 'closed' }
  | { kind: 'allDay' }
  | { kind: 'periods'; periods: { open: string; close: string }[] };

/**
 * The opening hours of one weekday: closed without a period, all day when a period opens and closes at the same
 * time, else its periods by opening time (a close at or before the open runs past midnight; shown as given).
 */
export function hoursOfDay(periods: readonly OpeningPeriod[], isoDay: number): DayHours {
  const today = periods.filter((period) => period.day === isoDay).sort((a, b) => a.open.localeCompare(b.open));
  if (today.length === 0) return { kind: 'closed' };
  if (today.some((period) => period.open === period.close)) return { kind: 'allDay' };
  return { kind: 'periods', periods: today.map(({ open, close }) => ({ open, close })) };
}

/** Handles as people write them: '@name' or 'name'. */
const HANDLE = /^@?([A-Za-z0-9_]{1,32})$/;
const LINE_ID = /^@?([A-Za-z0-9._-]{1,20})$/;

/**
 * The web address of a social channel's contact, when the channel has one and the value is a well-formed handle
 * or number; otherwise null and the ui shows the value as text. Only fixed https origins are ever produced, and the
 * value is checked against a strict pattern first, so a stored value cannot become a `javascript:` link or reach
 * another site.
 */
export function socialLinkHref(link: SocialLink): string | null {
  const value = link.value.trim();
  switch (link.type) {
    case SocialChannel.Telegram: {
      const match = HANDLE.exec(value);
      return match && match[1].length >= 5 ? `https://t.me/${match[1]}` : null;
    }
    case SocialChannel.WhatsApp: {
      // wa.me takes the number in international form, digits only.
      if (!/^\+?[\d\s()-]+$/.test(value)) return null;
      const digits = value.replace(/\D/g, '');
      return digits.length >= 7 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
    }
    case SocialChannel.LINE: {
      const match = LINE_ID.exec(value);
      return match ? `https://line.me/ti/p/~${encodeURIComponent(match[1])}` : null;
    }
    case SocialChannel.Twitter: {
      const match = HANDLE.exec(value);
      return match && match[1].length <= 15 ? `https://x.com/${match[1]}` : null;
    }
    // WeChat has no public profile address: the id is shown for the user to search in the app.
    default:
      return null;
  }
}

/** The 'tel:' address of a phone number as stored (digits, spaces, brackets, dashes, an optional leading '+'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Splits a description into paragraphs at blank lines, dropping empty ones. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
