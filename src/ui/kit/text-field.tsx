import { useLingui } from '@lingui/react/macro';
import { useId, useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { TEXT_INPUT_MAX } from '@/contract/constants';
import { cx } from './class-names';
import { Icon } from './icons';

export type TextFieldType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number' | 'date';

export interface TextFieldProps {
  /** The visible label (already translated). */
  label: ReactNode;
  name: string;
  type?: TextFieldType;
  value: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Spec section 5: text inputs default to at most 200 characters. */
  maxLength?: number;
  minLength?: number;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  pattern?: string;
  /** The earliest and latest value a date field takes ('YYYY-MM-DD'; '' or absent: unbounded). */
  min?: string;
  max?: string;
  /** Extra class of the field's wrapper (e.g. the admin console's filters). */
  className?: string;
  /** Help under the input (already translated), e.g. an availability hint; linked with aria-describedby. */
  hint?: ReactNode;
  /** Announce hint changes politely (e.g. "Checking availability…"); the hint region then always exists. */
  hintLive?: boolean;
  /** The field's error (already translated); marks the input invalid and is read with it. */
  error?: string;
  /** Password fields get a show/hide toggle unless this is false. */
  revealable?: boolean;
  /** Text direction of the value, e.g. 'ltr' for codes and addresses inside right-to-left pages. */
  dir?: 'ltr' | 'rtl' | 'auto';
  onChange(value: string): void;
  onFocus?(): void;
  onBlur?(): void;
  ref?: Ref<HTMLInputElement>;
}

const NO_AUTOCORRECT: ReadonlySet<TextFieldType> = new Set(['email', 'password', 'url', 'tel']);

/** A labelled single-line input with its hint and error under it. */
export function TextField({
  label,
  name,
  type = 'text',
  value,
  autoComplete,
  inputMode,
  maxLength = TEXT_INPUT_MAX,
  minLength,
  required,
  disabled,
  readOnly,
  placeholder,
  pattern,
  min,
  max,
  className,
  hint,
  hintLive = false,
  error,
  revealable = true,
  dir,
  onChange,
  onFocus,
  onBlur,
  ref,
}: TextFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const canReveal = type === 'password' && revealable;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const noAutocorrect = NO_AUTOCORRECT.has(type) || autoComplete === 'username' || autoComplete === 'one-time-code';

  return (
    <div className={cx('field', className, error && 'field--invalid')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          ref={ref}
          id={id}
          className="field-input"
          name={name}
          type={canReveal && revealed ? 'text' : type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          minLength={minLength}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          // Spec section 5: a text input's default placeholder means "enter text".
          // (A date input shows its own format instead.)
          placeholder={placeholder ?? (type === 'date' ? undefined : t({ message: 'Enter text', context: 'default placeholder of a text field' }))}
          pattern={pattern}
          min={min || undefined}
          max={max || undefined}
          step={type === 'number' ? '0.01' : undefined}
          dir={dir}
          autoCapitalize={noAutocorrect ? 'none' : undefined}
          autoCorrect={noAutocorrect ? 'off' : undefined}
          spellCheck={noAutocorrect ? false : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus ? () => onFocus() : undefined}
          onBlur={onBlur ? () => onBlur() : undefined}
        />
        {canReveal ? (
          <button
            type="button"
            className="field-reveal"
            aria-label={t`Show password`}
            aria-pressed={revealed}
            aria-controls={id}
            title={t`Show password`}
            onClick={() => setRevealed((shown) => !shown)}
            disabled={disabled}
          >
            <Icon name="eye" size={22} />
          </button>
        ) : null}
      </div>
      {hint || hintLive ? (
        <p className="field-hint" id={hintId} aria-live={hintLive ? 'polite' : undefined}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          <Icon name="info" size={18} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
