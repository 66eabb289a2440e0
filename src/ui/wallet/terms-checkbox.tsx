import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { cx } from '../kit/class-names';
import { FormError } from '../kit/form-error';
import { AppLink } from '../kit/link';

export interface TermsCheckboxProps {
  accepted: boolean;
  /** Translated: why the payer cannot go on yet. */
  error?: string;
  href: string;
  onChange(accepted: boolean): void;
}

/** "I accept the terms of use", asked before a popup payment or a card is added (spec section 5). */
export function TermsCheckbox({ accepted, error, href, onChange }: TermsCheckboxProps) {
  const errorId = useId();
  return (
    <div className={cx('payment-terms', error && 'field--invalid')}>
      <label className="check-row">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          <Trans>
            I accept the <AppLink className="text-link" href={href} target="_blank" rel="noopener">terms of use</AppLink>
          </Trans>
        </span>
      </label>
      <FormError id={errorId} message={error} />
    </div>
  );
}
