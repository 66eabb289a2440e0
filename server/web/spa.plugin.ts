import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@/contract/constants';
import { isLocale, type Locale, LOCALES, localeFromAcceptLanguage, readLocaleCookie, RTL_LOCALES } from '@/contract/enums';
import { devRedirectTarget, isDevPath } from '@/contract/routes';
import { ApiFailure } from '../api/failure';
import { clearedPageSessionCookie, readPageSession } from '../account/page-session';
import { translate } from '../i18n';
import { assetsOf, type ClientManifest, deferAppScripts, firstPaintPage, gatherAnswers, gatherMemberAnswers, injectFirstPaint, isSignedIn, loadServerBuild, readClientManifest, signedInModules, visitorTimeZone } from './first-paint';
import { type PageStatus, pageStatus } from './page-status';

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

/** The page with its <title> (the only one, in the head) replaced: '&' and '<' escaped. */
export function withTitle(html: string, title: string): string {
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`);
}

/**
 * Serves the built SPA: hashed assets with immutable caching, everything else no-cache, compression from the
 * compress plugin, `GET /build.json`, and the SPA fallback for client routes. Uploaded images are served from the
 * storage by uploads.routes.ts, registered before this plugin.
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
    // The app's route tree on the server (src/entry-server.tsx): its router tells which page a path is, its
    // renderer paints a guest's first page.
    const serverBuild = indexHtml === null ? null : await loadServerBuild(config.distDir);
    const firstPaint = serverBuild?.render ? { render: serverBuild.render } : null;
    const matchPage = serverBuild?.matchPage;

    app.get('/build.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(build));
    // The same block index.html carries (the envelope keys are public by design, DESIGN section 4; nothing that
    // grants identity is in it): `npm run dev`'s Vite server injects it into its own index.html from here, so the
    // page gets its configuration exactly as in production.
    app.get('/runtime-config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(runtime));

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

    /** The status of the page a path is (page-status.ts); without the server build, 200 (the app decides alone). */
    const statusOf = async (request: FastifyRequest, pathname: string, signedIn: boolean): Promise<PageStatus> => {
      if (!matchPage) return { status: 200, place: false };
      try {
        return await pageStatus({ matchPage }, app.db, pathname, { signedIn });
      } catch (error) {
        // The page still works (the app decides what it shows); only the status code is at stake.
        request.log.warn({ err: error, pathname }, 'page status lookup failed; serving the app with 200');
        return { status: 200, place: false };
      }
    };

    /**
     * The app for every client route, with the status of the page it shows (page-status.ts): 200, or 404, 401 or 403
     * with the same app, which shows that page, and the page's own title from the start.
     */
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      if (!indexHtml) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
      const signedIn = isSignedIn(request.headers.cookie);
      const { status, place, skeleton } = await statusOf(request, pathname, signedIn);
      const locale = pageLocale(pathname, request.headers.cookie, request.headers['accept-language']);
      let page = localizedIndex.get(locale) ?? indexHtml;
      if (status !== 200 && serverBuild?.pageTitle) {
        try {
          page = withTitle(page, await serverBuild.pageTitle(status, locale));
        } catch (error) {
          request.log.warn({ err: error, pathname }, 'error page title failed; serving the app with its own');
        }
      }
      const first = status === 200 && firstPaint ? firstPaintPage(request.url, { place }) : null;
      if (first && firstPaint && !signedIn) {
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
      // A signed-in page (the wallet, the conversations, the account): its frame and, if the page session cookie names
      // a live session, the member's own content, else the page's skeleton, paint from the HTML; the modules the app
      // needs to take over download together from the start.
      let personal = false;
      if (status === 200 && signedIn && skeleton && serverBuild?.renderShell) {
        try {
          // A page with reads (its filled version) asks who the member is; one without paints its skeleton.
          const { session, stale } = skeleton.calls.length > 0 ? await readPageSession(app.db, config.serverSecret, request.headers.cookie) : { session: null, stale: false };
          if (stale) reply.header('set-cookie', clearedPageSessionCookie(request.protocol === 'https'));
          const member = session ? await gatherMemberAnswers(app, request, locale, skeleton.calls, session).catch((error: unknown) => {
            request.log.warn({ err: error, pathname }, "signed-in page: the member's reads failed; painting its skeleton");
            return null;
          }) : null;
          const markup = await serverBuild.renderShell(request.url, locale, member?.answers ?? null, visitorTimeZone(request.headers.cookie));
          const modules = signedInModules(clientManifest, skeleton.routes, locale, skeleton.catalog);
          page = deferAppScripts(injectFirstPaint(page, markup, member?.embedded ?? null, { catalog: skeleton.catalog, member: member !== null }), assetsOf(clientManifest, modules), { atOnce: true });
          personal = member !== null;
        } catch (error) {
          request.log.warn({ err: error, pathname }, 'signed-in page paint failed; serving the app to render itself');
        }
      }
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        // A member's page is theirs alone: no cache keeps it, shared or their own (back and forward reload it).
        .header('cache-control', personal ? 'private, no-store' : 'no-cache')
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
