import type { I18n } from '@lingui/core';
import type { AppSystem } from './app-system';
import { loadFeatureCatalog } from './use-feature-catalog';

/**
 * What a signed-in page painted by the server (src/entry-server.tsx renderShell) waits for before the app renders it
 * in place of its skeleton (src/main.tsx): the router's matches (the session checked, the page's chunks), and what
 * the page's first render would otherwise suspend on, showing nothing for a moment (settled.ts): the app system, the
 * chat (a session connects it at once; the conversations page reads it) and the page's feature catalog, which the
 * server names on #root.
 */
export function whenShellPageReady(matched: Promise<void>, system: Promise<AppSystem>, catalog: string | undefined, i18n: I18n): Promise<unknown> {
  return Promise.all([matched, system.then((s) => s.loadChat()), catalog ? loadFeatureCatalog(catalog, i18n) : null]);
}
