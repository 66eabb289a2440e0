import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { devProxy } from './server/web/dev-proxy';

/** Writes dist/build.json ({ version, builtAt }) that the server serves and the client polls for updates. */
function buildManifest(): Plugin {
  return {
    name: 'build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(name);
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ version: hash.digest('hex').slice(0, 12), builtAt: new Date().toISOString() }),
      });
    },
  };
}

/**
 * The precached copy of the app shell, the page offline navigations fall back to. Not '/index.html': the server
 * answers that path 404 (it serves the page only with its runtime config injected, at client routes), and a
 * precache entry must answer 200. Not '/' either: the precache route answers its URLs cache-first, so '/' would be
 * served from the precache even online, with the runtime config (envelope keys, version) of the day the service
 * worker was installed. Nobody navigates to this URL, so it is only ever read as the fallback; the server
 * answers it like '/' (the query string is ignored), with a fresh runtime config at install time.
 */
const APP_SHELL_URL = '/?app-shell';

/** How long a navigation waits for the network before the service worker answers from its cache. */
const NAVIGATION_TIMEOUT_S = 4;

/**
 * Web app manifest, service worker and precache (DESIGN section 1: an installable PWA).
 *
 * - registerType 'prompt': a new service worker waits; the app-update machine (src/machines/app-update.machine.ts)
 *   offers the reload and src/services/pwa.ts activates the waiting worker then. injectRegister false: the app
 *   registers the worker itself (src/services/pwa.ts, with workbox-window loaded lazily).
 * - Precache: the built JS, CSS, icons and the app shell. All 15 locale catalogs are precached: each is well under
 *   1 KB gzip, and a catalog missing offline would leave that language blank, which runtime caching would cause
 *   for every language not opened online before.
 * - Navigations are NetworkFirst (the server injects the runtime config into every page, so online the page is
 *   always fresh). When the network fails, or is slower than NAVIGATION_TIMEOUT_S, the last copy of that page
 *   answers (cache 'venuely-pages'), else the precached shell. Workbox's `navigateFallback` is off on purpose: its
 *   route answers from the precache first, before any network.
 *   Server paths that are not pages (/api/, /uploads/, /im, /build.json) are never answered with the shell.
 * - Not precached: @statelyai/inspect (loaded only with `?inspect`), source maps and build.json.
 */
function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Venuely',
      short_name: 'Venuely',
      description: 'Venues and hosts in your city, in your language.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // src/ui/styles.css tokens: --color-accent and --color-bg (light theme).
      theme_color: '#0f766e',
      background_color: '#f7f7f5',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Icons and the manifest are added by the plugin (includeAssets, the manifest's icons).
      globPatterns: ['**/*.{js,css,html}'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            // dist/index.html is precached under the shell URL (see APP_SHELL_URL).
            .map((entry) => (entry.url === 'index.html' ? { ...entry, url: APP_SHELL_URL } : entry))
            // The inspector is a debugging aid loaded on demand; offline users never need it.
            .filter((entry) => !/^assets\/inspect-[\w-]+\.js$/.test(entry.url)),
        }),
      ],
      runtimeCaching: [
        {
          // Serialised into sw.js: it must not refer to anything outside itself.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            url.origin === self.location.origin &&
            !/^\/(?:api\/|uploads\/|im(?:\/|$)|build\.json$)/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'venuely-pages',
            networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
            expiration: { maxEntries: 32 },
            precacheFallback: { fallbackURL: APP_SHELL_URL },
          },
        },
      ],
    },
  });
}

/**
 * Route files (not their ?tsr-split parts), the small route-private modules only route configs import, and the small
 * modules the route configs share with lazy parts (permissions, route patterns, the not-found page): on their own
 * these became chunks of a few hundred bytes each, every one an extra request and import on the first page.
 */
const FIRST_PAINT_ROUTES = new Set<string>(['__root__', '/$lang', '/$lang/_default_search', '/$lang/_default_search/', '/']);
const PLACE_ROUTES = new Set<string>(['/$lang/_search/$region/', '/$lang/_search/$region/$city/', '/$lang/_search/$region/$city/$source']);
/**
 * The layout routes (src/routes/$lang/_*.tsx, the page's frame): each component is one line around the app shell,
 * which the first page has anyway; split off, each would be a chunk fetched before its first page could render.
 */
const LAYOUT_ROUTES = /^\/\$lang\/_(?:default|search|collection|content|mine|message|focused|dev)$/;

const ROUTE_CONFIG_HELPERS =
  /\/src\/(?:routes\/-(?:app\/guards|directory\/(?:filter-params|place-loaders)|listing\/(?:listing-id|dialog-search)|owner\/owner-links)\.ts|contract\/(?:permissions|routes)\.ts|routes\/-directory\/place-pending\.tsx|ui\/app\/not-found-page\.tsx)$/;
function isRouteConfigModule(id: string): boolean {
  if (id.includes('?')) return false;
  return /\/src\/routes\/(?:[^/-][^/]*\/)*[^/-][^/]*\.tsx$/.test(id) || ROUTE_CONFIG_HELPERS.test(id);
}

/**
 * `npm run dev` only: injects the API server's runtime configuration (GET /runtime-config.json, the block the
 * production server puts into index.html) into the dev server's index.html, so the dev page talks to the API exactly
 * as the built one does. Waits for the API server while it starts.
 */
function devRuntimeConfig(): Plugin {
  const apiPort = process.env.API_PORT ?? '3001';
  return {
    name: 'venuely:dev-runtime-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(`http://127.0.0.1:${apiPort}/runtime-config.json`);
          if (response.ok) {
            const json = JSON.stringify(await response.json()).replace(/</g, '\\u003c');
            return html.replace('</head>', `<script id="app-config" type="application/json">${json}</script></head>`);
          }
        } catch {
          // The API server is still starting.
        }
        if (attempt >= 120) throw new Error(`npm run dev: the API server on port ${apiPort} did not answer /runtime-config.json`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

/**
 * The server's render of the first paint (src/entry-server.tsx, see src/contract/first-paint.ts): built by
 * `npm run build` after the client (server/web/build-web.ts) into dist/ssr, which the server imports and never serves.
 */

const SSR_OUT_DIR = 'dist/ssr';

/**
 * The chunks the page has before any lazy import runs: index.html's entry chunk and its static imports,
 * transitively (what index.html modulepreloads). Filled by firstPageChunks() at the start of generateBundle, read
 * by build.modulePreload.resolveDependencies below, which Vite calls later in generateBundle.
 */
const entryClosure = new Set<string>();

/**
 * Lets a lazy import's preload list leave out the chunks the page already has (entryClosure). Vite lists every
 * chunk a lazy chunk imports, transitively, in a table of file names in the importing chunk (`__vite__mapDeps`),
 * with one index array per lazy import: in the route configs' chunk that was about 70 lazy imports, nearly all of
 * them naming React, the router, the kit, Lingui's React bindings and the first page's modules, which the page
 * loaded before the first render. Preloading them again does nothing (the helper skips URLs it has seen), so the
 * lists only cost bytes of the first page's script.
 */
function firstPageChunks(): Plugin {
  return {
    name: 'venuely:first-page-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryClosure.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || entryClosure.has(fileName)) return;
          entryClosure.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) visit(chunk.fileName);
        }
        if (entryClosure.size === 0) this.error('venuely:first-page-chunks: no entry chunk of index.html in the bundle');
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    devRuntimeConfig(),
    // The router generator must run before React's transform; Lingui's macros run under Babel.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The routes of the first page (the locale layout with the app shell, and the home) stay in the entry: split
        // off, their chunks would be fetched only after the entry has run, one more round trip before the first
        // paint. Their own code is small; the home's sections are a lazy chunk of their own.
        // The place pages keep their pending skeleton (markup only) in the route configs: it is what a phone paints
        // while the place is checked, and a chunk of its own would be fetched first.
        splitBehavior: ({ routeId }) =>
          FIRST_PAINT_ROUTES.has(routeId) || LAYOUT_ROUTES.test(routeId) ? [] : PLACE_ROUTES.has(routeId) ? [['component'], ['errorComponent'], ['notFoundComponent']] : undefined,
      },
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // The client's build writes the manifests and the service worker; the server's render needs none of them.
    ...(isSsrBuild ? [] : [firstPageChunks(), buildManifest(), pwa()]),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // manifest: dist/.vite/manifest.json, read by the bundle budget check (tests/budget/check-bundle.ts).
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    manifest: !isSsrBuild,
    // Lazy imports preload what they need except what the page already has (see firstPageChunks).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !entryClosure.has(dep)) : deps,
    },
    copyPublicDir: !isSsrBuild,
    ...(isSsrBuild ? { outDir: SSR_OUT_DIR } : {}),
    rolldownOptions: {
      output: {
        // The inspector's chunk gets a name of its own, so the precache can leave it out (pwa()) and tests find it.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/@statelyai/inspect/') ? 'assets/inspect-[hash].js' : 'assets/[name]-[hash].js',
        // Every route file's config (path, params, search validation, guards, loaders) is needed to match the first
        // URL, so all of them load at start. Left to the automatic chunking, each became a chunk of its own (about
        // 40 requests of 1 KB, each with its own gzip and import overhead); one chunk holds them all. The split-off
        // parts (?tsr-split: components, fallback screens) stay lazy.
        codeSplitting: {
          groups: [
            { name: 'route-configs', test: isRouteConfigModule, priority: 10 },
            // The kit's smallest pieces, which the first page and most lazy pages share: one chunk, not one each. The
            // first paint's icons, their drawing and the status picture only, and the page header's frame context
            // (the shell provides it): the full icon set (icons.tsx) loads with the pages using it. The shell's and the filters' hook for changes made before the app ran goes with them,
            // and so do React, react-dom's small public module and @lingui/react: the entry chunk uses them and so do
            // lazy parts (the toast layer's portal), and rolldown splits a module the entry shares with a lazy chunk
            // into a chunk of its own (0.3 to 0.5 KB gzip of overhead each), unlike Rollup.
            { name: 'kit', test: /\/(?:src\/ui\/kit\/(?:nav-icons|status-icon|svg-icon|link|button|class-names|use-value-set-before-app|page-header-frame)\.tsx?|node_modules\/react\/(?:jsx-runtime\.js|cjs\/react-jsx-runtime\.production\.js)|node_modules\/react\/(?:index\.js|cjs\/react\.production\.js)|node_modules\/react-dom\/(?:index\.js|cjs\/react-dom\.production\.js)|node_modules\/@lingui\/react\/dist\/.*\.mjs)$/, priority: 5 },
            // The router's modules, which the first page and the lazy pages share piecemeal, and its store's selector
            // hook: one chunk, not a dozen.
            { name: 'router', test: /\/node_modules\/(?:@tanstack\/(?:react-router|router-core|react-store|store|history)|use-sync-external-store)\//, priority: 4 },
            // The first page's small shared modules (the contract's constants and enums, the first-paint answers and
            // those a late part keeps, the app system's context and the loader of its libraries, the layouts' frame:
            // the app shell, its tab bar and the unread count): one chunk, not one request and import each.
            // A picture with its fallback (kit/fallback-image) and the listing's picture built on it: one chunk. The
            // photo viewer needs the first without the second (the admin console's identity documents, issue 31), and
            // left alone rolldown splits them in two: one more file, named in the first page's route table.
            { name: 'listing-image', test: /\/src\/ui\/(?:kit\/fallback-image(?:-state)?|directory\/listing-image)\.tsx?$/, priority: 3 },
            { name: 'first-page', test: /\/src\/(?:contract\/(?:constants|enums|first-paint-keys)\.ts|services\/(?:first-data|signed-in-hint|deferred-start|chat-unread|locale)\.ts|routes\/-app\/(?:app-context\.tsx|app-libraries\.ts|kept-first-answers\.tsx|frame\.tsx|server-shell\.ts)|ui\/app\/(?:app-shell|tab-bar|locale-names)\.tsx?)$/, priority: 5 },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  // `npm run dev`: the app server's paths go to it (server/web/dev-proxy.ts).
  server: { proxy: devProxy(process.env.API_PORT ?? 3001) },
}));
