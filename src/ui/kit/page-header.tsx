import { useLingui } from '@lingui/react/macro';
import { useContext, type ReactNode } from 'react';
import { cx } from './class-names';
import { IconButton } from './icon-button';
import { PageHeaderFrameContext } from './page-header-frame';

export interface PageHeaderProps {
  /** The page title (already translated); rendered as the page's h1. */
  title: ReactNode;
  /** The back target as a link (route metadata "back path"). */
  backHref?: string;
  /** The back action as a button (history back), when there is no fixed back path. */
  onBack?(): void;
  /** The white header variant of route metadata (static pages, collections). */
  white?: boolean;
  /** Controls at the end of the header, e.g. `<IconButton icon="plus" label={t`Add a listing`} href=… />`. */
  actions?: ReactNode;
}


/** The title bar of a page: back control, title and optional actions, then the layout's controls. */
export function PageHeader({ title, backHref, onBack, white = false, actions }: PageHeaderProps) {
  const { t } = useLingui();
  const frame = useContext(PageHeaderFrameContext);
  const back =
    backHref !== undefined ? (
      <IconButton icon="back" label={t`Back`} href={backHref} />
    ) : onBack ? (
      <IconButton icon="back" label={t`Back`} onClick={onBack} />
    ) : null;
  return (
    <header className={cx('page-header', (white || frame.white) && 'page-header--white')}>
      <div className="page-header-start">{back}</div>
      <h1 className="page-header-title">{title}</h1>
      <div className="page-header-end">
        {actions}
        {frame.end}
      </div>
    </header>
  );
}
