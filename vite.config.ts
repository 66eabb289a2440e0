import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * Writes dist/routes.json: the full paths of the generated route tree, so the server can answer HTTP 404 for
 * paths no route matches (issue 3) without duplicating the route list.
 */
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    apply: 'build',
    generateBundle() {
      const tree = readFileSync(fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)), 'utf8');
      const union = /fullPaths:\s*([^\n]+)/.exec(tree)?.[1] ?? '';
      const routes = [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      if (routes.length === 0) this.error('route-manifest: no routes found in src/routeTree.gen.ts');
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(routes) });
    },
  };
}

export default defineConfig({
  plugins: [
    // The router generator must run before React's transform; Lingui's macros run under Babel.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    buildManifest(),
    routeManifest(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: true, assetsInlineLimit: 0 },
  server: {
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3001}`,
      '/uploads': `http://localhost:${process.env.API_PORT ?? 3001}`,
      '/build.json': `http://localhost:${process.env.API_PORT ?? 3001}`,
      '/im': { target: `ws://localhost:${process.env.API_PORT ?? 3001}`, ws: true },
    },
  },
});
