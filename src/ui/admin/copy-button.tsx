import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { SvgIcon } from '../kit/svg-icon';

/**
 * Copies `value` to the clipboard (issue 31 item 10: the payer copies the account number into their bank's form
 * instead of retyping it). Says "Copied" for two seconds, to sight and to a screen reader (a polite status).
 * The icon is drawn here rather than in the kit's set: the kit's icons are in the first page's JavaScript.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2_000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      <button type="button" className="admin-copy-button" aria-label={label} title={label} onClick={copy}>
        <SvgIcon size={18}>
          {copied === 'yes' ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
            </>
          )}
        </SvgIcon>
      </button>
      <span className="admin-copy-status" role="status">
        {copied === 'yes'
          ? t({ message: 'Copied', context: 'clipboard' })
          : copied === 'failed'
            ? t`Could not copy: select the number and copy it by hand.`
            : ''}
      </span>
    </>
  );
}
