import { msg } from '@lingui/core/macro';
import { registerMessages } from '../app/messages';

/**
 * The identity verification's validation codes (src/contract/calls/kyc.ts), registered in MESSAGES when its pages
 * load, so their texts live in the kyc catalog, not in the first page's.
 */
registerMessages({
  'errors.kyc.back': msg`Add a photo of the back of the document.`,
  'errors.kyc.country': msg`Choose the country that issued the document.`,
  'errors.kyc.documentNumber': msg`Enter the document number exactly as printed, using letters, digits, spaces and dashes.`,
  'errors.kyc.underage': msg`You must be 18 or older.`,
});
