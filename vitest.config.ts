import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Components under test (src/**/*.test.tsx) use Lingui's macros, compiled as in the app build: their own and those
  // of the message modules they import (src/ui/**/*.ts, e.g. wallet-names.ts), and the route modules' (the server's
  // page status suite loads the app's route tree, server/web/page-status.test.ts).
  // lingui() compiles the catalogs a test imports (locales/{locale}/{catalog}.po) as the app build does.
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: [/\/src\/(?:ui|routes)\/.*\.tsx?$/] }), lingui()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/cluster/**/*.test.ts', 'tests/crash/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Server suites each start their own database; two cores, so two files at once.
    maxWorkers: 2,
    pool: 'forks',
  },
});
