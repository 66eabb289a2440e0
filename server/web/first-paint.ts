import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '@/contract/enums';
import { FIRST_DATA_ELEMENT_ID, type FirstCall, firstDataKey, HOME_CALLS, type MemberCall, placeListCall, SIGNED_IN_COOKIE, venueCalls } from '@/contract/first-paint';
import { TIME_ZONE_COOKIE } from '@/contract/first-paint-keys';
import { cookieValue } from '../account/page-session';
import type { ApiSession } from '../api/api.plugin';
import type { PageMatcher } from './page-status';

/**
 * The first paint from the server (src/contract/first-paint.ts, docs/decisions.md "First paint"): for the pages
 * listed here, a guest's page arrives with its markup and the answers it was rendered with, so a phone on a slow
 * network paints the page (and starts its first photos) from the HTML alone, before any script has run; the client
 * then hydrates that markup instead of rendering it again. Every other page, and every page for a signed-in
 * browser, is the plain app as before.
 */

export interface FirstPaintRenderer {
  render(url: string, locale: Locale, answers: Record<string, unknown>): Promise<string>;
}

/**
 * What the app's server build (src/entry-server.tsx) gives the server: the first paint's renderer, the router's
 * matcher (page-status.ts) and the error pages' titles. Each is optional: a build from before one existed, or a
 * test's stand-in, may lack it.
 */
export interface ServerBuild extends Partial<FirstPaintRenderer>, Partial<PageMatcher> {
  /** A signed-in page's frame around its skeleton, or the page filled from the member's `answers` (src/entry-server.tsx). */
  renderShell?(url: string, locale: Locale, answers?: Record<string, unknown> | null, timeZone?: string): Promise<string>;
  pageTitle?(status: 401 | 403 | 404, locale: Locale): Promise<string>;
}

/** The server build made by `npm run build` (dist/ssr/entry-server.js), or null when there is none. */
export async function loadServerBuild(distDir: string): Promise<ServerBuild | null> {
  const file = path.join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * A page the server renders: the calls its first paint needs, and the client build's lazy modules it renders
 * (Vite manifest keys), whose stylesheets must be in the page's head (a page painted without them would shift when
 * they arrive with the app) and whose scripts the boot script preloads with the entry.
 */
export interface FirstPaintPage {
  calls: readonly FirstCall[];
  modules: readonly string[];
}

/**
 * The page a URL's first paint is, or null when the page is not rendered on the server. `place`: the path is a
 * place page (/{lang}/{region}[/{city}[/{source}]], a place that exists). Pages with search params (filters, a
 * keyword) are left to the app.
 */
export function firstPaintPage(url: string, { place = false }: { place?: boolean } = {}): FirstPaintPage | null {
  const [pathname, query] = url.split('?', 2);
  if (query) return null;
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (!isLocale(segments[0])) return null;
  // /{lang}: the home. (The unprefixed / picks its locale in the browser, from the browser's languages.)
  if (segments.length === 1) return { calls: Object.values(HOME_CALLS), modules: ['src/routes/-directory/home-sections.tsx'] };
  // /{lang}/search: the search page's frame and search box (its results and history are the visitor's own).
  if (segments.length === 2 && segments[1] === 'search') return { calls: [], modules: ['src/routes/$lang/_default/search.tsx?tsr-split=component'] };
  // /{lang}/merchant/{id}: a venue's page (an unknown or hidden venue's call fails, and the app renders its 404).
  if (segments.length === 3 && segments[1] === 'merchant' && /^[1-9]\d{0,8}$/.test(segments[2])) {
    return { calls: Object.values(venueCalls(Number(segments[2]))), modules: ['src/routes/$lang/_default/merchant/$id/index.tsx?tsr-split=component'] };
  }
  if (place && segments.length >= 2 && segments.length <= 4) {
    const [, region, city, source = 'merchant'] = segments;
    if (source !== 'merchant' && source !== 'partner') return null;
    const route = ['src/routes/$lang/_search/$region/index.tsx', 'src/routes/$lang/_search/$region/$city/index.tsx', 'src/routes/$lang/_search/$region/$city/$source.tsx'][segments.length - 2];
    return {
      calls: [HOME_CALLS.geography, HOME_CALLS.dictionaries, placeListCall(source, region, city)],
      modules: [`${route}?tsr-split=component`],
    };
  }
  return null;
}

export type ClientManifest = Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;

/** The client build's manifest (dist/.vite/manifest.json), or an empty one. */
export function readClientManifest(distDir: string): ClientManifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClientManifest) : {};
}

/** The scripts and stylesheets of `modules` with everything they import statically, in import order. */
export function assetsOf(manifest: ClientManifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const imported of entry.imports ?? []) visit(imported);
    for (const css of entry.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    scripts.push(`/${entry.file}`);
  };
  for (const module of modules) visit(module);
  return { scripts, styles };
}

/**
 * The modules a signed-in page needs before it can show the member's content, besides the entry's own: its start
 * after the server's skeleton (src/routes/-app/server-shell-start.ts), the app's
 * libraries (loaded a step per task, each step a lazy import of its own), the app system with the chat's (a session
 * connects the chat at once), the page's route chunks, and its feature catalog in the page's locale. The app would
 * find them one lazy import after another, a round trip each (at 400 ms a round trip: 13 s before the wallet showed);
 * named in the page, they download together from the start.
 */
export function signedInModules(manifest: ClientManifest, routes: readonly string[], locale: Locale, catalog: string): string[] {
  const steps = 'src/routes/-app/app-library-steps.ts';
  const modules = ['src/routes/-app/server-shell-start.ts', steps, ...(manifest[steps]?.dynamicImports ?? []), 'src/routes/-app/app-system.ts', 'src/routes/-chat/chat-system.ts'];
  for (const id of routes) {
    // A route id is its file's path under src/routes (an index route's id ends with '/'); its component is the
    // route's lazy chunk (TanStack Router's code splitting), the rest of it is in the entry's route configs.
    const file = `src/routes${id.endsWith('/') ? `${id}index` : id}.tsx`;
    if (manifest[`${file}?tsr-split=component`]) modules.push(`${file}?tsr-split=component`);
  }
  modules.push(`locales/${locale}/${catalog}.po`);
  return modules.filter((key) => manifest[key]);
}

/**
 * The visitor's time zone from its cookie (src/services/time-zone.ts), if it is one this runtime knows: an IANA
 * name, nothing else (the value reaches Intl, never the markup).
 */
export function visitorTimeZone(cookieHeader: string | undefined): string | undefined {
  const raw = cookieValue(cookieHeader, TIME_ZONE_COOKIE);
  if (!raw || raw.length > 96) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: decodeURIComponent(raw) }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Whether the request comes from a signed-in browser (the hint cookie; no secret in it). */
export function isSignedIn(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/** The answers, keyed as the client looks them up; runs each call's handler in process as a guest. */
export async function gatherAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  calls: readonly FirstCall[],
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    calls.map(async ({ call, payload }) => {
      answers[firstDataKey(call, payload)] = await app.apiAsGuest(call, payload, locale, request);
    }),
  );
  return answers;
}

/**
 * A signed-in page's reads (src/routes/-app/signed-in-pages.tsx), run in process as the member of `session` (a live
 * session, server/account/page-session.ts): `answers` for the render, keyed as the page looks them up, and
 * `embedded`, the answers of the calls marked `embed`, which travel in the page for the app's first render.
 */
export async function gatherMemberAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  calls: readonly MemberCall[],
  session: ApiSession,
): Promise<{ answers: Record<string, unknown>; embedded: Record<string, unknown> }> {
  const answers: Record<string, unknown> = {};
  const embedded: Record<string, unknown> = {};
  await Promise.all(
    calls.map(async ({ call, payload, embed }) => {
      const key = firstDataKey(call, payload);
      answers[key] = await app.apiAsMember(call, payload, locale, request, session);
      if (embed) embedded[key] = answers[key];
    }),
  );
  return { answers, embedded };
}

/**
 * The page with its rendered markup in #root and its answers beside it, as JSON in a non-executable script
 * ('<' escaped, so no answer can close the tag). A signed-in page (`catalog`, a feature catalog's name, given) is
 * not hydrated: the app renders the page itself in its place (src/main.tsx) once the catalog is in. Its skeleton has
 * no answers (null); its filled version (`member`) carries those the app's first render starts from.
 */
export function injectFirstPaint(
  html: string,
  markup: string,
  answers: Record<string, unknown> | null,
  { catalog, member = false }: { catalog?: string; member?: boolean } = {},
): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty #root');
  const attributes = `${catalog ? ` data-catalog="${catalog}"` : ''}${member ? ' data-member' : ''}`;
  const data = answers === null ? '' : `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
  return html.replace(root, () => `<div id="root"${attributes}>${markup}</div>${data}`);
}

/** The boot script of a server-rendered page (public/first-paint-boot.js). */
export const FIRST_PAINT_BOOT = '/first-paint-boot.js';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A server-rendered page paints from its HTML and styles; its scripts (the entry, its modulepreloads, the catalog,
 * and the page's own lazy modules) are requested after the window's load event by the boot script instead of
 * beside the page's first photos. The page's own stylesheets (`assets.styles`) join the head's.
 */
export function deferAppScripts(
  html: string,
  assets: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] },
  { atOnce = false }: { atOnce?: boolean } = {},
): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  for (const script of assets.scripts) if (!preloads.includes(script) && script !== entry[1]) preloads.push(script);
  const linked = new Set([...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1]));
  const styles = assets.styles.filter((href) => !linked.has(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const boot = `<script defer src="${FIRST_PAINT_BOOT}" data-entry="${escape(entry[1])}" data-preload="${escape(preloads.join(' '))}"${atOnce ? ' data-at-once' : ''}></script>`;
  // After the head's own stylesheets, in the order the page's modules would have added them.
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => boot)
    .replace('</head>', () => `${styles.join('')}</head>`);
}
