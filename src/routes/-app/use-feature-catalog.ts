import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use } from 'react';
import type { Locale } from '@/contract/enums';
import { markSettledForUse } from './settled';

/**
 * The features whose texts are a catalog of their own (lingui.config.ts): loaded with their pages, one chunk per
 * locale, so the first page downloads none of them. This map, and the loading, live here, in the pages' chunks;
 * src/services/i18n.ts (in the first page) knows only the app's catalog.
 */
type Catalog = { messages: Record<string, string> };
const FEATURE_CATALOGS = {
  wallet: import.meta.glob<Catalog>('../../../locales/*/wallet.po'),
  chat: import.meta.glob<Catalog>('../../../locales/*/chat.po'),
  kyc: import.meta.glob<Catalog>('../../../locales/*/kyc.po'),
  admin: import.meta.glob<Catalog>('../../../locales/*/admin.po'),
  owner: import.meta.glob<Catalog>('../../../locales/*/owner.po'),
  info: import.meta.glob<Catalog>('../../../locales/*/info.po'),
  forms: import.meta.glob<Catalog>('../../../locales/*/forms.po'),
};
export type FeatureCatalog = keyof typeof FEATURE_CATALOGS;

const loading = new Map<string, Promise<void>>();

function isFeatureCatalog(name: string): name is FeatureCatalog {
  return Object.hasOwn(FEATURE_CATALOGS, name);
}

/**
 * Loads a feature's catalog for the active locale, once: the promise is kept per locale and catalog, and marked once loaded
 * (markSettledForUse), so a page rendered after that reads it at once instead of suspending.
 */
export function loadFeatureCatalog(name: string, i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  if (!isFeatureCatalog(name)) return Promise.resolve();
  const key = `${locale}/${name}`;
  let load = loading.get(key);
  if (!load) {
    load = markSettledForUse(FEATURE_CATALOGS[name][`../../../locales/${locale}/${name}.po`]().then(({ messages }) => i18n.load(locale, messages)));
    // A failed load (offline) is tried again on the next render rather than remembered.
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/**
 * Suspends a route's page until its feature's catalog is loaded for the active locale; after a switch of language
 * the page suspends again until the new locale's catalog is in. Called from the page component, which the router
 * splits off.
 */
export function useFeatureCatalog(name: FeatureCatalog): void {
  const { i18n } = useLingui();
  use(loadFeatureCatalog(name, i18n));
}
