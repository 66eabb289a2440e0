import { defineConfig } from '@lingui/cli';
import { LOCALES } from './src/contract/enums';

/**
 * Client catalogs, one PO file per locale and catalog under locales/, each loaded lazily (src/services/i18n.ts):
 * `messages` for every page; `wallet`, `chat`, `kyc` and `admin` with the routes of those features, `owner` with a
 * publisher's own pages (listing forms, previews, own listings) and `info` with the static pages' long texts, so the
 * first page does not download their texts (src/routes/-app/use-feature-catalog.ts). A text used by both a feature
 * and the rest is in both catalogs.
 */
const FEATURES = {
  owner: ['<rootDir>/src/ui/directory/owner', '<rootDir>/src/routes/-owner'],
  info: ['<rootDir>/src/ui/app/info'],
  wallet: ['<rootDir>/src/ui/wallet', '<rootDir>/src/routes/-wallet'],
  chat: ['<rootDir>/src/ui/chat', '<rootDir>/src/routes/-chat'],
  kyc: ['<rootDir>/src/ui/kyc', '<rootDir>/src/routes/-kyc'],
  admin: ['<rootDir>/src/ui/admin', '<rootDir>/src/routes/-admin'],
};

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: Object.values(FEATURES).flat().map((dir) => `${dir}/**`) },
    ...Object.entries(FEATURES).map(([name, include]) => ({ path: `<rootDir>/locales/{locale}/${name}`, include })),
  ],
  orderBy: 'messageId',
});
