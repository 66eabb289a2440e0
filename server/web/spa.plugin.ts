import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@/contract/constants';
import { localeFromAcceptLanguage } from '@/contract/enums';
import { isKnownRoute } from '@/contract/routes';
import { translate } from '../i18n';

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
    const manifestFile = path.join(config.distDir, 'routes.json');
    const routePatterns = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as string[]) : null;

    app.get('/build.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(build));

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
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          const relative = path.relative(config.distDir, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    /** The app for every client route: 200 where a route matches, 404 (same page, which shows its 404) elsewhere. */
    const sendIndex = (reply: FastifyReply, pathname: string) => {
      if (!indexHtml) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
      const known = routePatterns === null || isKnownRoute(routePatterns, pathname);
      return reply.code(known ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    };

    app.get('/', async (_request, reply) => sendIndex(reply, '/'));

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith(`${API_BASE}/`) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        const locale = localeFromAcceptLanguage(request.headers['accept-language']);
        return reply.code(404).send({ status: 0, msg: translate(locale, 'server.notFound'), data: null });
      }
      return sendIndex(reply, request.url.split('?')[0]);
    });
  },
  { name: 'spa', dependencies: ['core'] },
);
