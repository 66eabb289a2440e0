import type { FormEvent } from 'react';

/**
 * The props every controlled form of the ui takes. Values and errors are owned by the caller (a machine through a
 * route); errors arrive already translated (see `translateCode`).
 */
export interface FormProps<F extends string> {
  values: Record<F, string>;
  errors: Partial<Record<F, string | undefined>>;
  /** The server's error for the whole form (already translated), shown under the form. */
  serverError?: string;
  /** A request runs: the submit button shows a spinner and the form cannot be sent again. */
  busy: boolean;
  onChange(field: F, value: string): void;
  /** Focusing a field clears its error (spec section 5). */
  onFocus(field: F): void;
  onSubmit(): void;
}

/** The form's submit handler: the browser's submission is always prevented; a busy form is not sent twice. */
export function submitHandler(busy: boolean, onSubmit: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
}
