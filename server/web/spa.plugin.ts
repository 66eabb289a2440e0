import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { API_BASE } from '@/contract/constants';
import { isLocale, type Locale, LOCALES, localeFromAcceptLanguage, readLocaleCookie, RTL_LOCALES } from '@/contract/enums';
import { devRedirectTarget, isDevPath, matchesRoutePattern } from '@/contract/routes';
import { LISTING_SOURCES, slug } from '@/contract/shapes';
import type { Database } from '../db/schema';
import { findCityBySlugs, findRegionBySlug } from '../directory/place.repository';
import { ApiFailure } from '../api/failure';
import { translate } from '../i18n';
import { assetsOf, type ClientManifest, deferAppScripts, firstPaintPage, gatherAnswers, injectFirstPaint, isSignedIn, loadFirstPaintRenderer, readClientManifest } from './first-paint';

export interface BuildInfo {
  version: string;
  builtAt: string | null;
}

/** The runtime settings the client reads from index.html, so one build serves every deployment. */
export interface ClientRuntimeConfig {
  aesKey: string;
  signKey: string;
  debug: boolean;
  version: string;
}

export function readBuildInfo(distDir: string): BuildInfo {
  const file = path.join(distDir, 'build.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
  const index = path.join(distDir, 'index.html');
  const version = existsSync(index) ? createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 12) : 'dev';
  return { version, builtAt: null };
}

/** JSON inside a non-executable script tag; '<' is escaped so the data cannot close the tag. */
export function injectRuntimeConfig(html: string, runtime: ClientRuntimeConfig): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script id="app-config" type="application/json">${json}</script></head>`);
}

/**
 * The locale the client will show a page in (spec section 9): the path's first segment, else the language cookie,
 * else the browser's Accept-Language. The client decides for itself; this only lets the page start on the right
 * foot (see localizeIndex).
 */
export function pageLocale(pathname: string, cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const segment = pathname.split('/')[1] ?? '';
  if (isLocale(segment)) return segment;
  return readLocaleCookie(cookieHeader ?? '') ?? localeFromAcceptLanguage(acceptLanguage);
}

/** Each locale's catalog chunk (assets/messages-….js), from Vite's build manifest. */
export function catalogFiles(manifest: ClientManifest): Partial<Record<Locale, string>> {
  const files: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const entry = manifest[`locales/${locale}/messages.po`];
    if (entry?.file) files[locale] = entry.file;
  }
  return files;
}

/**
 * index.html for one locale: `<html lang dir>` already right (Arabic starts right to left, no flip when the script
 * runs) and a modulepreload of the locale's catalog, so the catalog downloads beside the entry script instead of
 * after it has run: one round trip less before the first paint on a slow network.
 */
export function localizeIndex(html: string, locale: Locale, catalogFile: string | undefined): string {
  const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  const withLang = html.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${dir}">`);
  if (!catalogFile) return withLang;
  return withLang.replace('</head>', `<link rel="modulepreload" crossorigin href="/${catalogFile}"></head>`);
}

/**
 * The directory's place routes, /{lang}/{region}[/{city}[/{source}]] (route patterns '/$lang/$region',
 * '/$lang/$region/$city', '/$lang/$region/$city/$source', with or without the index route's trailing slash).
 */
export function isPlacePattern(pattern: string): boolean {
  return /^\/\$lang\/\$region(?:\/\$city(?:\/\$source)?)?\/?$/.test(pattern);
}

/**
 * Whether a place path names a real place (the server half of region-route-verify, DESIGN section 7): a known
 * region, a city of that region, and a source of merchant|partner. Anything else is HTTP 404, like the page the
 * client shows. Slugs are checked for shape first, so a random path costs no query.
 */
export async function isKnownPlace(db: Kysely<Database>, pathname: string): Promise<boolean> {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return false;
  }
  const [, region, city, source] = segments;
  if (segments.length < 2 || segments.length > 4) return false;
  if (source !== undefined && !(LISTING_SOURCES as readonly string[]).includes(source)) return false;
  if (!slug.safeParse(region).success) return false;
  if (city === undefined) return (await findRegionBySlug(db, region)) !== undefined;
  if (!slug.safeParse(city).success) return false;
  return (await findCityBySlugs(db, region, city)) !== undefined;
}

/**
 * A `$source` route parameter (spec section 2: /collection/{source}, /member/content/{source}) is merchant or
 * partner; any other value fails the route's validation, which is a 404 (spec section 2) on the server as well.
 */
export function hasValidSource(pattern: string, pathname: string): boolean {
  if (!matchesRoutePattern(pattern, pathname)) return false;
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.every((segment, i) => segment !== '$source' || (LISTING_SOURCES as readonly string[]).includes(have[i]));
}

/**
 * Serves the built SPA: hashed assets with immutable caching, everything else no-cache, compression from the
 * compress plugin, `GET /build.json`, uploaded images, and the SPA fallback for client routes.
 */
export default fp(
  async function spaPlugin(app: FastifyInstance) {
    const { config } = app;
    const build = readBuildInfo(config.distDir);
    const indexFile = path.join(config.distDir, 'index.html');
    const runtime: ClientRuntimeConfig = { aesKey: config.aesKey, signKey: config.signKey, debug: config.apiDebug, version: build.version };
    const indexHtml = existsSync(indexFile) ? injectRuntimeConfig(readFileSync(indexFile, 'utf8'), runtime) : null;
    const clientManifest = readClientManifest(config.distDir);
    const catalogs = catalogFiles(clientManifest);
    const localizedIndex = new Map<Locale, string>(
      indexHtml === null ? [] : LOCALES.map((locale) => [locale, localizeIndex(indexHtml, locale, catalogs[locale])]),
    );
    const firstPaint = indexHtml === null ? null : await loadFirstPaintRenderer(config.distDir);
    const manifestFile = path.join(config.distDir, 'routes.json');
    const routePatterns = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as string[]) : null;

    app.get('/build.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(build));
    // The same block index.html carries (the envelope keys are public by design, DESIGN section 4; nothing that
    // grants identity is in it): `npm run dev`'s Vite server injects it into its own index.html from here, so the
    // page gets its configuration exactly as in production.
    app.get('/runtime-config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(runtime));

    const uploads = path.join(config.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
    });

    if (existsSync(config.distDir)) {
      await app.register(fastifyStatic, {
        root: config.distDir,
        prefix: '/',
        index: false,
        wildcard: true,
        decorateReply: false,
        // dist/ssr is the server's own render code (first-paint.ts), never a file to serve.
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/ssr/'),
        setHeaders(res, filePath) {
          const relative = path.relative(config.distDir, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    // Static routes win over the place routes in the router ('/en/login' is the login page, not a region), so a
    // path is known when a static route matches it, or when only a place route does and the place exists.
    const placePatterns = routePatterns?.filter(isPlacePattern) ?? [];
    const otherPatterns = routePatterns?.filter((pattern) => !isPlacePattern(pattern)) ?? [];
    /** Whether a client route matches the path, and whether that route is a place page (first-paint.ts renders those). */
    const routeOf = async (pathname: string): Promise<'page' | 'place' | null> => {
      if (routePatterns === null) return 'page';
      if (isDevPath(pathname)) return null;
      if (otherPatterns.some((pattern) => hasValidSource(pattern, pathname))) return 'page';
      if (!placePatterns.some((pattern) => matchesRoutePattern(pattern, pathname))) return null;
      try {
        return (await isKnownPlace(app.db, pathname)) ? 'place' : null;
      } catch (error) {
        // The page still works (the client guard decides); only the status code is at stake.
        app.log.warn({ err: error, pathname }, 'place lookup failed; serving the app with 200');
        return 'page';
      }
    };

    /** The app for every client route: 200 where a route matches, 404 (same page, which shows its 404) elsewhere. */
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      if (!indexHtml) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
      const route = await routeOf(pathname);
      const known = route !== null;
      const locale = pageLocale(pathname, request.headers.cookie, request.headers['accept-language']);
      let page = localizedIndex.get(locale) ?? indexHtml;
      const first = known && firstPaint ? firstPaintPage(request.url, { place: route === 'place' }) : null;
      if (first && firstPaint && !isSignedIn(request.headers.cookie)) {
        try {
          const answers = await gatherAnswers(app, request, locale, first.calls);
          const markup = await firstPaint.render(request.url, locale, answers);
          page = deferAppScripts(injectFirstPaint(page, markup, answers), assetsOf(clientManifest, first.modules));
        } catch (error) {
          // The app renders the page itself, as it does for every page not rendered here. A call the API refuses
          // (a venue that does not exist) is the page's own answer, not a fault: the app shows it as it would.
          if (error instanceof ApiFailure) request.log.info({ pathname, refusal: error.key }, 'first paint: a call was refused; serving the app');
          else request.log.warn({ err: error, pathname }, 'first paint failed; serving the app to render itself');
        }
      }
      return reply
        .code(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The page differs by the language cookie and Accept-Language where the path names no locale.
        .header('vary', 'Cookie, Accept-Language')
        .send(page);
    };

    app.get('/', async (request, reply) => sendIndex(request, reply, '/'));

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith(`${API_BASE}/`) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        const locale = localeFromAcceptLanguage(request.headers['accept-language']);
        return reply.code(404).send({ status: 0, msg: translate(locale, 'server.notFound'), data: null });
      }
      const pathname = request.url.split('?')[0];
      // Spec section 2: any path containing /dev redirects to the 404 page.
      if (isDevPath(pathname)) return reply.redirect(devRedirectTarget(pathname), 302);
      return sendIndex(request, reply, pathname);
    });
  },
  { name: 'spa', dependencies: ['core'] },
);
