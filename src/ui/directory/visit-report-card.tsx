import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { VisitReport } from '@/contract/calls/feedback';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { Icon } from '../kit/icons';
import { RatingStars } from './listing-detail-parts';
import { ListingImage } from './listing-image';
import { AppLink } from '../kit/link';
import './listing-detail.css';

/** A visit date 'YYYY-MM-DD' in the locale's medium date style. */
function useVisitDate(isoDate: string): string {
  const { i18n } = useLingui();
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : i18n.date(date, { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * Why a report is cut short, and the way to read it whole (DESIGN section 5: paid members read full reports).
 * Without `upgradeHref` (no upgrade screen yet) the explanation stands alone rather than as a dead link.
 */
export function UpgradeNotice({ upgradeHref }: { upgradeHref?: string }) {
  return (
    <div className="upgrade-notice">
      <Icon name="lock" size={20} />
      <p>
        <Trans>Only paid members can read whole visit reports and see their photos.</Trans>{' '}
        {upgradeHref ? (
          <AppLink className="text-link" href={upgradeHref}>
            <Trans>Upgrade your membership</Trans>
          </AppLink>
        ) : null}
      </p>
    </div>
  );
}

export interface VisitReportCardProps {
  report: VisitReport;
  /** Heading level of the report's title in its page. */
  headingLevel?: 3 | 4;
  upgradeHref?: string;
  /** Opens the report's photos in the fullscreen viewer at `index`. */
  onOpenPhoto(report: VisitReport, index: number): void;
}

/** One visit report: author, visit date, rating, title, text (a preview for non-paid readers) and photos. */
export function VisitReportCard({ report, headingLevel = 3, upgradeHref, onOpenPhoto }: VisitReportCardProps) {
  const { t, i18n } = useLingui();
  const visited = useVisitDate(report.visit_date);
  // An author who has not chosen a public name is shown as a neutral member, never by their login name.
  const author = report.author.nickname || t({ message: 'Member', context: 'visit report author without a public name' });
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const total = i18n.number(report.photos.length);
  const title = report.title;
  return (
    <article className="visit-report">
      <header className="visit-report-header">
        <Avatar src={report.author.thumb} name={author} />
        <div className="visit-report-meta">
          <span className="visit-report-author">{author}</span>
          <span className="visit-report-date">
            <Trans>Visited on {visited}</Trans>
          </span>
        </div>
        <RatingStars rating={report.rating} size={16} />
      </header>
      <Heading className="visit-report-title">{title}</Heading>
      <p className="visit-report-content">
        {report.content}
        {report.truncated ? '…' : null}
      </p>
      {report.photos.length > 0 ? (
        <ul className="visit-report-photos">
          {report.photos.map((photo, index) => {
            const position = i18n.number(index + 1);
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-label={t`Open photo ${position} of ${total} of the report "${title}"`}
                  onClick={() => onOpenPhoto(report, index)}
                >
                  <ListingImage src={photo.thumb} alt="" className="gallery-thumb-image" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {report.truncated ? <UpgradeNotice upgradeHref={upgradeHref} /> : null}
    </article>
  );
}

export type VisitReportListStatus = 'loading' | 'ready' | 'loadingMore' | 'end' | 'error';

export interface VisitReportListProps {
  reports: readonly VisitReport[];
  status: VisitReportListStatus;
  /** What went wrong (already translated), for status 'error'. */
  error?: string;
  upgradeHref?: string;
  onOpenPhoto(report: VisitReport, index: number): void;
  onMore(): void;
  onRetry(): void;
  /** What the empty state offers next (a link or button to write the first report). */
  emptyAction?: ReactNode;
}

/** The reports of a venue: skeleton, empty state, the list, "Show more reports" while there are more, errors with retry. */
export function VisitReportList({ reports, status, error, upgradeHref, onOpenPhoto, onMore, onRetry, emptyAction }: VisitReportListProps) {
  if (status === 'loading') {
    return (
      <div className="visit-report-list" aria-busy="true">
        <p className="visually-hidden" role="status">
          <Trans>Loading visit reports…</Trans>
        </p>
        {[0, 1].map((key) => (
          <div key={key} className="visit-report visit-report--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--line skeleton--short" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" />
          </div>
        ))}
      </div>
    );
  }
  if (reports.length === 0 && status === 'error') {
    return <ListError message={error} onRetry={onRetry} />;
  }
  if (reports.length === 0) {
    return (
      <div className="detail-empty">
        <p>
          <Trans>No visit reports yet.</Trans>
        </p>
        {emptyAction}
      </div>
    );
  }
  return (
    <div className="visit-report-list">
      <ul className="visit-report-items">
        {reports.map((report) => (
          <li key={report.id}>
            <VisitReportCard report={report} upgradeHref={upgradeHref} onOpenPhoto={onOpenPhoto} />
          </li>
        ))}
      </ul>
      {status === 'error' ? <ListError message={error} onRetry={onRetry} /> : null}
      {status === 'ready' || status === 'loadingMore' ? (
        <Button variant="secondary" busy={status === 'loadingMore'} onClick={onMore}>
          <Trans>Show more reports</Trans>
        </Button>
      ) : null}
    </div>
  );
}

function ListError({ message, onRetry }: { message?: string; onRetry(): void }) {
  return (
    <div className="list-error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="retry" size={20} />
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
