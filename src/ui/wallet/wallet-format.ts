import type { I18n } from '@lingui/core';
import { CURRENCY } from '@/contract/constants';

/** Integer cents as the locale writes money ("$4.99", "4,99 $US"). */
export function formatMoney(i18n: I18n, cents: number, currency: string = CURRENCY): string {
  return i18n.number(cents / 100, { style: 'currency', currency });
}

/** A whole number of points in the locale's digits and grouping. */
export function formatPoints(i18n: I18n, points: number): string {
  return i18n.number(points);
}

/** A moment as a short date and time in the locale. */
export function formatMoment(i18n: I18n, iso: string): string {
  return i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date in the locale's long form ("25 November 2026"). */
export function formatLongDate(i18n: I18n, iso: string): string {
  return i18n.date(iso, { dateStyle: 'long' });
}
