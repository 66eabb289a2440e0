import { defineConfig } from '@lingui/cli';
import { LOCALES } from './src/contract/enums';

/** Client catalogs: one PO file per locale under locales/, loaded lazily (one request per locale). */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  orderBy: 'messageId',
});
