import type { ReactNode } from 'react';
import { cx } from './class-names';

export type StatusKind = 'success' | 'error' | 'warning' | 'info';

const STATUS_MARKS: Record<StatusKind, ReactNode> = {
  success: <path d="M15 24.5l6 6L33 18" />,
  error: <path d="M17 17l14 14M31 17L17 31" />,
  warning: <path d="M24 19v10M24 35v.5" />,
  info: <path d="M24 22v11M24 15.5v.5" />,
};

/**
 * The larger status picture of dialogs, toasts and result screens: a tinted disc with a mark. Decorative; the
 * text next to it says what happened.
 */
export function StatusIcon({ kind, size = 64 }: { kind: StatusKind; size?: number }) {
  return (
    <svg
      className={cx('status-icon', `status-icon--${kind}`)}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {kind === 'warning' ? (
        <path className="status-icon-shape" d="M24 5L45 42H3z" />
      ) : (
        <circle className="status-icon-shape" cx="24" cy="24" r="21" />
      )}
      <g className="status-icon-mark" strokeWidth={4}>
        {STATUS_MARKS[kind]}
      </g>
    </svg>
  );
}
