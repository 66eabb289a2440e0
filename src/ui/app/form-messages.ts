import { msg } from '@lingui/core/macro';
import { registerMessages } from './messages';

/**
 * The codes of field validation and of a form's refusals (src/contract/fields.ts, shapes.ts, the form machines;
 * spec section 5), registered in MESSAGES when a form's module loads: the routes that translate a field's error
 * (src/routes/-app/use-form-binding.ts and the few that translate one themselves) import this module. Their texts
 * are not in the first page's catalog: lingui.config.ts puts this file in every catalog whose pages translate
 * these codes (forms, owner, wallet, kyc; the admin console shows none), and those pages load their catalog before
 * they render (src/routes/-app/use-feature-catalog.ts).
 *
 * Params: `{min}` and `{max}` are the bound a validator stored with the field error (spec section 5, "error.extra");
 * other placeholders are named in each entry's comment. The bounds arrive as numbers and the messages format them
 * (`{min, number}`, or the `#` of a plural), so they read in the locale's digits and grouping, with the noun in the
 * form the number takes ("1 character", Arabic's dual).
 */
registerMessages({
  // Field validation (src/contract/fields.ts and shapes.ts; spec section 5).
  'zod.string.required': msg`This field is required.`,
  'zod.string.email': msg`Enter a valid e-mail address.`,
  'zod.string.min': msg({
    message: 'Use at least {min, plural, one {# character} other {# characters}}.',
    comment: '{min} is the smallest number of characters allowed.',
  }),
  'zod.string.max': msg({
    message: 'Use at most {max, plural, one {# character} other {# characters}}.',
    comment: '{max} is the largest number of characters allowed.',
  }),
  'zod.string.invalid': msg`This value is not valid.`,
  'zod.string.uuid': msg`This identifier is not valid.`,
  'zod.number.invalid': msg`Enter a number.`,
  'zod.number.int': msg`Enter a whole number.`,
  'zod.number.min': msg({ message: 'Enter {min, number} or more.', comment: '{min} is the smallest number allowed.' }),
  'zod.number.max': msg({ message: 'Enter {max, number} or less.', comment: '{max} is the largest number allowed.' }),
  'zod.boolean.invalid': msg`Choose yes or no.`,
  'zod.boolean.checkbox': msg`Tick this box to continue.`,
  'zod.enum.invalid': msg`Choose one of the options.`,
  'zod.array.invalid': msg`This list is not valid.`,
  'zod.array.min': msg({ message: 'Choose at least {min, number}.', comment: '{min} is the smallest number of items.' }),
  'zod.array.max': msg({ message: 'Choose at most {max, number}.', comment: '{max} is the largest number of items.' }),
  'zod.array.unique': msg`Each item can be chosen only once.`,
  'zod.date.invalid': msg`Enter a valid date.`,
  'zod.date.future': msg`The date cannot be in the future.`,
  'zod.object.empty': msg`There is nothing to save.`,
  'zod.invalid': msg`This value is not valid.`,

  // Account and form errors.
  'errors.account.exists': msg`This user name is already taken.`,
  'errors.account.username': msg`Use only letters, digits, dots, dashes and underscores.`,
  'errors.email.code': msg`Enter the 6-digit code from the e-mail.`,
  'errors.email.exists': msg`This e-mail address is already registered.`,
  'errors.token.invalid': msg`This link is invalid or has expired. Request a new one.`,
  'errors.password.mismatch': msg`The passwords do not match.`,
  'errors.password.wrong': msg`The current password is incorrect.`,
  'errors.location.partial': msg`Enter both latitude and longitude, or neither.`,
  'errors.phone.invalid': msg`Enter a valid phone number.`,
  'errors.time.invalid': msg`Enter a time as hours and minutes, for example 09:30.`,
  'image.missing': msg`Choose an image to upload.`,
  'image.tooLarge': msg({ message: 'Each image can be at most {max, number} MB.', comment: '{max} is a number of megabytes.' }),
});
