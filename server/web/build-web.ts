/**
 * The production build: the client (dist/) and then the server's render of the first paint (dist/ssr/, see
 * src/contract/first-paint.ts). `npm run build`, `npm start` on its first run and the browser tests' set-up all
 * build through here (or the same two commands).
 */
export const SSR_ENTRY = 'src/entry-server.tsx';

export async function buildWebApp(logLevel: 'warn' | 'info' = 'warn'): Promise<void> {
  const { build } = await import('vite');
  await build({ logLevel });
  await build({ logLevel, build: { ssr: SSR_ENTRY } });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWebApp(process.argv.includes('--quiet') ? 'warn' : 'info');
