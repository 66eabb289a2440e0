import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './src/contract/enums';

/**
 * Client catalogs, one PO file per locale and catalog under locales/, each loaded lazily (src/services/i18n.ts):
 * `messages` for every page; `wallet`, `chat`, `kyc` and `admin` with the routes of those features, `owner` with a
 * publisher's own pages (listing forms, previews, own listings), `info` with the static pages' long texts and `forms`
 * with the account's pages and dialogs and the feedback, report and visit report forms, so the first page does not
 * download their texts (src/routes/-app/use-feature-catalog.ts). A text used by both a feature and the rest is in
 * both catalogs: the codes of field validation (FORM_CODES) are in each catalog whose pages translate them.
 */
const FORM_CODES = '<rootDir>/src/ui/app/form-messages.ts';
/** The "Test mode" note of the payment screens and the admin console (DESIGN section 9). */
const TEST_MODE_NOTICE = '<rootDir>/src/ui/app/test-mode-notice.tsx';
const FEATURES = {
  owner: ['<rootDir>/src/ui/directory/owner', '<rootDir>/src/routes/-owner', FORM_CODES],
  info: ['<rootDir>/src/ui/app/info'],
  forms: [
    '<rootDir>/src/ui/account',
    '<rootDir>/src/routes/-app/auth-forms.tsx',
    '<rootDir>/src/ui/app/feedback-dialog.tsx',
    '<rootDir>/src/ui/directory/report-dialog.tsx',
    '<rootDir>/src/ui/directory/visit-report-form.tsx',
    FORM_CODES,
  ],
  wallet: ['<rootDir>/src/ui/wallet', '<rootDir>/src/routes/-wallet', FORM_CODES, TEST_MODE_NOTICE],
  chat: ['<rootDir>/src/ui/chat', '<rootDir>/src/routes/-chat'],
  kyc: ['<rootDir>/src/ui/kyc', '<rootDir>/src/routes/-kyc', FORM_CODES],
  admin: ['<rootDir>/src/ui/admin', '<rootDir>/src/routes/-admin', TEST_MODE_NOTICE],
};

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: Object.values(FEATURES).flat().map((path) => (path.endsWith('.ts') || path.endsWith('.tsx') ? path : `${path}/**`)) },
    ...Object.entries(FEATURES).map(([name, include]) => ({ path: `<rootDir>/locales/{locale}/${name}`, include })),
  ],
  orderBy: 'messageId',
  // Origins name the file, not the line: a catalog changes only when its messages do, so extracting is repeatable
  // and `npm test` can check that the committed catalogs are current without rewriting them.
  format: formatter({ lineNumbers: false }),
});
