// @ts-check
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Lint: typescript-eslint's recommended rules plus the import zones of STYLE.md rule 1 and DESIGN section 2:
 * ui ← services ← machines ← routes; src/contract imports none of the app; the server imports only
 * src/contract from src/, and the client never imports the server.
 */
export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'src/routeTree.gen.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/ui', from: ['./src/machines', './src/services', './src/routes', './server'], message: 'ui never imports machines, services or routes (STYLE rule 1).' },
            { target: './src/services', from: ['./src/machines', './src/routes', './server'], message: 'services never import machines or routes.' },
            { target: './src/machines', from: ['./src/routes', './src/ui', './server'], message: 'machines never import routes or React components.' },
            { target: './src/contract', from: ['./src/ui', './src/services', './src/machines', './src/routes', './server'], message: 'the contract imports nothing of the app.' },
            { target: './server', from: ['./src/ui', './src/services', './src/machines', './src/routes'], message: 'the server imports only src/contract from src/.' },
            // Inside src/ui and src/machines, one folder per domain (app, account, directory, kyc; chat, wallet and admin
            // as they come). Shared primitives live in ui/kit and machines/app; a domain never reaches into another.
            { target: './src/ui/kit', from: ['./src/ui/app', './src/ui/account', './src/ui/directory', './src/ui/kyc', './src/ui/chat'], message: 'ui/kit holds shared primitives: it imports no domain.' },
            { target: './src/ui/app', from: ['./src/ui/account', './src/ui/directory', './src/ui/kyc', './src/ui/chat'], message: 'ui/app (shell, messages) imports only ui/kit.' },
            { target: './src/ui/account', from: ['./src/ui/directory', './src/ui/kyc', './src/ui/chat'], message: 'a ui domain imports only ui/kit and ui/app.' },
            { target: './src/ui/directory', from: ['./src/ui/account', './src/ui/kyc', './src/ui/chat'], message: 'a ui domain imports only ui/kit and ui/app.' },
            { target: './src/ui/kyc', from: ['./src/ui/account', './src/ui/directory', './src/ui/chat'], message: 'a ui domain imports only ui/kit and ui/app.' },
            { target: './src/ui/chat', from: ['./src/ui/account', './src/ui/directory', './src/ui/kyc'], message: 'a ui domain imports only ui/kit and ui/app.' },
            { target: './src/machines/app', from: ['./src/machines/account', './src/machines/directory', './src/machines/chat', './src/machines/wallet'], message: 'machines/app (request, forms, dialogs, toasts) imports no domain.' },
            { target: './src/machines/account', from: ['./src/machines/directory', './src/machines/chat', './src/machines/wallet'], message: 'a machine domain imports only machines/app.' },
            { target: './src/machines/directory', from: ['./src/machines/account', './src/machines/chat', './src/machines/wallet'], message: 'a machine domain imports only machines/app.' },
            { target: './src/machines/chat', from: ['./src/machines/account', './src/machines/directory', './src/machines/wallet'], message: 'a machine domain imports only machines/app.' },
            // Payments talk to the server only through injected actors, so the wallet needs no service either.
            { target: './src/machines/wallet', from: ['./src/machines/account', './src/machines/directory', './src/machines/chat', './src/services'], message: 'machines/wallet imports only machines/app and the contract.' },
            { target: './src/machines/kyc', from: ['./src/machines/account', './src/machines/directory', './src/machines/chat', './src/machines/wallet', './src/services'], message: 'machines/kyc imports only machines/app and the contract.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/machines/**/*.ts', 'src/services/**/*.ts', 'src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react/*', '@xstate/react'], message: 'No React here (STYLE rules 1, 15).' }] }],
    },
  },
  {
    // ui code makes no network calls (DESIGN section 2): a component is given them by the route that renders it, from
    // src/services (the sandbox card element's calls are src/services/sandbox-card.ts; issue 31 item 14).
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({ name, message: 'ui makes no network calls: take them as a prop from src/services (DESIGN section 2).' })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: 'ui makes no network calls: take them as a prop from src/services (DESIGN section 2).' })),
      ],
    },
  },
  {
    // Migrations take Kysely<any> on purpose: they must not depend on the app's current schema types (STYLE rule 24).
    files: ['server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
