import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { OpeningPeriod, SocialLink } from '@/contract/calls/merchant';
import { SocialChannel } from '@/contract/feature-enums';
import { cx } from '../kit/class-names';
import { ListingIcon } from './listing-icons';
import {
  formatTimeOfDay,
  hoursOfDay,
  ISO_WEEKDAYS,
  isoWeekday,
  paragraphsOf,
  socialLinkHref,
  weekdayName,
} from './listing-format';
import './listing-detail.css';

/** The pieces the merchant and partner detail pages are made of; presentational, texts translated here. */

/**
 * A rating as stars plus its number; the stars are decoration, the text says it. The stars show the rating to the
 * nearest half (3.5 draws three and a half), the half filled from the start side, so it mirrors in Arabic.
 */
export function RatingStars({ rating, size = 18 }: { rating: number; size?: number }) {
  const { t, i18n } = useLingui();
  const value = i18n.number(rating, { maximumFractionDigits: 1 });
  const halves = Math.round(rating * 2);
  return (
    <span className="rating" role="img" aria-label={t`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) =>
        star * 2 <= halves ? (
          <ListingIcon key={star} name="star" size={size} filled className="rating-star is-on" />
        ) : star * 2 - 1 === halves ? (
          <span key={star} className="rating-star-half">
            <ListingIcon name="star" size={size} className="rating-star" />
            <ListingIcon name="star" size={size} filled className="rating-star is-on" />
          </span>
        ) : (
          <ListingIcon key={star} name="star" size={size} className="rating-star" />
        ),
      )}
      <span className="rating-value" aria-hidden="true">
        {value}
      </span>
    </span>
  );
}

/** Price level 1–4 as currency signs, with its meaning as text for screen readers. */
export function PriceLevel({ level }: { level: number }) {
  const { t } = useLingui();
  const names = ['', t`Inexpensive`, t`Moderate`, t`Expensive`, t`Very expensive`];
  return (
    <span className="price-level">
      <span aria-hidden="true">
        <span className="price-level-on">{'$'.repeat(level)}</span>
        <span className="price-level-off">{'$'.repeat(4 - level)}</span>
      </span>
      <span className="price-level-name">{names[level]}</span>
    </span>
  );
}

export function TagList({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <ul className="tag-list">
      {names.map((name) => (
        <li key={name} className="badge badge--muted">
          {name}
        </li>
      ))}
    </ul>
  );
}

export interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** Facts as a description list: label, then value. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="fact-list">
      {facts.map((fact) => (
        <div key={fact.key} className="fact">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section of a detail page with its h2. */
export function DetailSection({ id, title, children, className }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cx('detail-section', className)} aria-labelledby={id}>
      <h2 className="detail-section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Tells a subscriber to look at the day again: every minute (a page left open past midnight moves its mark). */
function subscribeToDay(onChange: () => void) {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

/**
 * The visitor's ISO weekday in their own time zone, or null where it is not known: on the server, whose day may not
 * be the visitor's, and so also in the render that hydrates the server's markup (React uses the server snapshot
 * there and renders again with the visitor's day right after, so hydration never meets a different day: React error
 * 418). Pages rendered only in the browser get the day at once.
 */
function useVisitorWeekday(): number | null {
  return useSyncExternalStore(subscribeToDay, () => isoWeekday(new Date()), () => null);
}

/**
 * The opening hours per weekday, Monday first, with weekday and time names in the active locale. Today's row is
 * marked (the visitor's day, in their time zone; venues state hours in their local time); `today` overrides it.
 */
export function OpeningHours({ periods, today: todayOverride }: { periods: readonly OpeningPeriod[]; today?: number }) {
  const { i18n } = useLingui();
  const visitorDay = useVisitorWeekday();
  const today = todayOverride ?? visitorDay;
  const locale = i18n.locale;
  if (periods.length === 0) {
    return (
      <p className="detail-muted">
        <Trans>Opening hours not given.</Trans>
      </p>
    );
  }
  return (
    <table className="opening-hours">
      <tbody>
        {ISO_WEEKDAYS.map((day) => {
          const hours = hoursOfDay(periods, day);
          return (
            <tr key={day} className={cx(day === today && 'is-today')} aria-current={day === today ? 'date' : undefined}>
              <th scope="row">
                {weekdayName(day, locale)}
                {day === today ? (
                  <span className="badge badge--accent opening-hours-today">
                    <Trans>Today</Trans>
                  </span>
                ) : null}
              </th>
              <td>
                {hours.kind === 'closed' ? (
                  <span className="detail-muted">
                    <Trans context="opening hours">Closed</Trans>
                  </span>
                ) : hours.kind === 'allDay' ? (
                  <Trans>Open 24 hours</Trans>
                ) : (
                  <ul className="opening-hours-periods">
                    {hours.periods.map((period) => {
                      const from = formatTimeOfDay(period.open, locale);
                      const to = formatTimeOfDay(period.close, locale);
                      return (
                        <li key={period.open}>
                          <Trans comment="An opening period, e.g. 9:00 AM – 5:00 PM">
                            {from} – {to}
                          </Trans>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Brand names, as each service writes its own name. */
const CHANNEL_NAMES: Record<number, string> = {
  [SocialChannel.Telegram]: 'Telegram',
  [SocialChannel.WhatsApp]: 'WhatsApp',
  [SocialChannel.WeChat]: 'WeChat',
  [SocialChannel.LINE]: 'LINE',
  [SocialChannel.Twitter]: 'Twitter',
};

/** Contact channels: a link where the service has a web address for the handle, else the handle as text. */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="social-links">
      {links.map((link) => {
        const href = socialLinkHref(link);
        const name = CHANNEL_NAMES[link.type] ?? '';
        return (
          <li key={`${link.type}-${link.value}`} className="social-link">
            <span className="social-link-name">{name}</span>
            {href ? (
              <a className="text-link" href={href} target="_blank" rel="noopener noreferrer">
                <bdi dir="ltr">{link.value}</bdi>
                <span className="visually-hidden">
                  {' '}
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            ) : (
              <bdi className="social-link-value" dir="ltr">
                {link.value}
              </bdi>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A description or intro, as paragraphs. */
export function LongText({ text }: { text: string }) {
  return (
    <div className="long-text">
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** "12 visit reports". */
export function ReportCount({ count }: { count: number }) {
  return <Plural value={count} one="# visit report" other="# visit reports" />;
}
