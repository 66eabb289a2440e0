import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from '../bench/lib';

/**
 * The bundle budget of the home page (DESIGN section 10: fast on a phone), checked on a production build:
 *
 *   node --import tsx tests/budget/check-bundle.ts [--build] [distDir]
 *
 * reads dist/ (or `distDir`; `--build` runs `vite build` first), prints 'Home initial JS: N KB gzip (budget 125 KB)'
 * and exits 1 when the budget is exceeded or a forbidden module is in the home page's initial JS.
 *
 * What "initial JS" is (read from the Vite manifest, dist/.vite/manifest.json, which vite.config.ts enables):
 *  1. the entry chunk of index.html and every chunk it imports statically, transitively (what the browser loads
 *     before main.tsx runs: the entry and its modulepreloads);
 *  2. the route components that render /en (HOME_ROUTE_FILES: the `$lang` route, the `default-search` layout and
 *     its `/$lang/` index). The build keeps them in the entry (vite.config.ts, FIRST_PAINT_ROUTES), where (1) counts them; were one split
 *     off again (a dynamic entry `src/routes/<file>?tsr-split=component`), that chunk counts, with its static
 *     imports. The rule matches the manifest's `src` of dynamic entries and the source maps' module ids, not chunk
 *     names; the check fails when a home route file is in neither, so a renamed route cannot silently shrink the
 *     figure;
 *  3. the English catalog (locales/en/messages.po), which main.tsx loads before the first render.
 *  Lazy routes, other catalogs, error and not-found components and on-demand chunks (inspector, Stripe) are not
 *  initial. Sizes are each chunk gzipped on its own at zlib's default level (what the compress plugin sends to a
 *  gzip client); 1 KB = 1000 bytes, as Vite prints them.
 *
 * What must not be in it, checked by module ids: the `sources` of each chunk's source map (the build has
 * `sourcemap: true`; a chunk without a map fails the check rather than pass unread, except Rolldown's runtime
 * chunk, which holds bundler helpers only and has none), plus a scan of the code for
 * distinctive strings of Stripe.js and the Stately inspector (a second line of defence that needs no map):
 *  - @stripe/stripe-js (loaded only on the payment screens),
 *  - @statelyai/inspect (loaded only with `?inspect`, src/services/inspector.ts),
 *  - the catalog of any locale but en (each catalog must stay a chunk of its own, loaded when chosen),
 *  - crypto-js modules beyond the envelope's (envelopeCryptoModules: src/services/envelope.ts imports submodules
 *    only; the full `crypto-js` index would pull in every cipher and hash).
 */

export const BUDGET_KB = 125;
const KB = 1000;

/** The route files whose split-off components render the home page /en (root → $lang layout → $lang index). */
export const HOME_ROUTE_FILES = ['src/routes/$lang.tsx', 'src/routes/$lang/_default_search.tsx', 'src/routes/$lang/_default_search/index.tsx'] as const;
/** The route files the root route may split (it has no component of its own today; counted when it does). */
const OPTIONAL_HOME_ROUTE_FILES = ['src/routes/__root.tsx'] as const;
const INITIAL_CATALOG = 'locales/en/messages.po';
/** The module main.tsx imports and awaits at its top level (with ?inspect) before the app renders. */
const INSPECTOR_MODULE = 'src/services/inspector-connect.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENVELOPE_FILE = 'src/services/envelope.ts';

/**
 * The crypto-js modules the envelope may bring: the submodules src/services/envelope.ts imports and what they
 * require in turn (read from node_modules/crypto-js). With crypto-js 4.2 that is core, aes, cipher-core,
 * enc-base64, enc-hex, enc-utf8, hmac, hmac-sha256, sha256, lib-typedarrays, evpkdf, md5 and sha1 (evpkdf's
 * default hasher).
 */
export function envelopeCryptoModules(root = ROOT): Set<string> {
  const source = readFileSync(path.join(root, ENVELOPE_FILE), 'utf8');
  const pending = [...source.matchAll(/from\s+['"]crypto-js\/([\w-]+)['"]/g)].map((m) => m[1]);
  const allowed = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (allowed.has(name)) continue;
    allowed.add(name);
    const file = path.join(root, 'node_modules', 'crypto-js', `${name}.js`);
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/require\(["']\.\/([\w-]+)["']\)/g)) pending.push(m[1]);
  }
  return allowed;
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  /** Why it is initial: the manifest key that brought it in. */
  via: string;
  bytes: number;
  gzip: number;
}

export interface BundleReport {
  chunks: ChunkSize[];
  gzipBytes: number;
  problems: string[];
}

/** Forbidden modules, by the module id a source map lists ('../../node_modules/crypto-js/sha512.js'). */
function forbiddenModule(source: string, allowedCrypto: ReadonlySet<string>): string | null {
  const id = source.replace(/\\/g, '/');
  if (/(^|\/)node_modules\/@stripe\/stripe-js\//.test(id)) return '@stripe/stripe-js';
  if (/(^|\/)node_modules\/@statelyai\/inspect\//.test(id)) return '@statelyai/inspect';
  const catalog = /(^|\/)locales\/([^/]+)\/messages\.po/.exec(id);
  if (catalog && catalog[2] !== 'en') return `the ${catalog[2]} catalog (${catalog[0].replace(/^\//, '')})`;
  const crypto = /(^|\/)node_modules\/crypto-js\/([\w-]+)\.js$/.exec(id);
  if (crypto && !allowedCrypto.has(crypto[2])) return `crypto-js/${crypto[2]} (not one the envelope needs)`;
  return null;
}

/** Strings only these libraries' code contains; minifiers keep string literals. */
const MARKERS: readonly { what: string; text: string }[] = [
  { what: '@stripe/stripe-js', text: 'Failed to load Stripe.js' },
  { what: '@statelyai/inspect', text: '@statelyai.connected' },
  { what: '@statelyai/inspect', text: 'https://stately.ai/inspect' },
];

/** The manifest keys of the home page's initial JS, each with the key that brought it in. */
export function initialChunks(manifest: Manifest): { keys: Map<string, string>; problems: string[]; unsplit: string[] } {
  const problems: string[] = [];
  const keys = new Map<string, string>();
  const addWithImports = (key: string, via: string) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) {
      problems.push(`the manifest has no entry ${JSON.stringify(key)} (imported by ${via})`);
      return;
    }
    keys.set(key, via);
    for (const imported of chunk.imports ?? []) addWithImports(imported, key);
  };

  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const entry = entries.find(([key]) => key === 'index.html') ?? entries[0];
  if (!entry) return { keys, problems: ['the manifest has no entry chunk'], unsplit: [] };
  addWithImports(entry[0], 'the page');
  // The entry (main.tsx) awaits the inspector's module at its top level (with ?inspect) before it renders: were that
  // module to need, through its static imports, a chunk that imports the entry back, the import would wait for the
  // entry and the entry for the import, and the page would never render. Rolldown makes such a chunk when a shared
  // chunk's module uses one left in the entry.
  const awaited = manifest[INSPECTOR_MODULE];
  if (!awaited) problems.push(`the manifest has no entry ${JSON.stringify(INSPECTOR_MODULE)}: update INSPECTOR_MODULE`);
  else {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) {
        if (imported === entry[0]) problems.push(`${manifest[key].file} imports the entry chunk, and main.tsx awaits it at start (${INSPECTOR_MODULE}): the page would never render; move what it uses from the entry into a shared chunk (vite.config.ts codeSplitting groups)`);
        else visit(imported);
      }
    };
    visit(INSPECTOR_MODULE);
  }

  const reachable = new Set<string>();
  for (const key of keys.keys()) for (const dynamic of manifest[key]?.dynamicImports ?? []) reachable.add(dynamic);
  const routeEntry = (file: string) => `${file}?tsr-split=component`;
  // A home route that is not split off must be a module of the initial chunks: analyseBundle checks the maps.
  const unsplit: string[] = [];
  for (const file of HOME_ROUTE_FILES) {
    const key = routeEntry(file);
    if (manifest[key]) addWithImports(key, `route ${file}`);
    else unsplit.push(file);
  }
  for (const file of OPTIONAL_HOME_ROUTE_FILES) if (manifest[routeEntry(file)]) addWithImports(routeEntry(file), `route ${file}`);
  // Only static imports are followed from here: what these chunks import dynamically loads later, if at all.
  if (manifest[INITIAL_CATALOG]) addWithImports(INITIAL_CATALOG, 'main.tsx (first render)');
  else problems.push(`no chunk for ${INITIAL_CATALOG} in the manifest: the catalogs are no longer separate chunks`);
  if (!HOME_ROUTE_FILES.every((file) => unsplit.includes(file) || reachable.has(routeEntry(file)) || keys.has(routeEntry(file)))) {
    problems.push('a home route component is not a dynamic import of the initial chunks: check HOME_ROUTE_FILES');
  }
  return { keys, problems, unsplit };
}

export function analyseBundle(distDir: string): BundleReport {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    return { chunks: [], gzipBytes: 0, problems: [`${manifestFile} is missing: run \`npx vite build\` (vite.config.ts must keep build.manifest: true)`] };
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { keys, problems, unsplit } = initialChunks(manifest);
  const initialSources = new Set<string>();
  const allowedCrypto = envelopeCryptoModules();

  const chunks: ChunkSize[] = [];
  const seenFiles = new Set<string>();
  for (const [key, via] of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js') || seenFiles.has(file)) continue;
    seenFiles.add(file);
    const code = readFileSync(path.join(distDir, file));
    chunks.push({ file, via: key === via ? key : `${key} ← ${via}`, bytes: code.length, gzip: gzipSync(code).length });

    const text = code.toString('utf8');
    for (const marker of MARKERS) {
      if (text.includes(marker.text)) problems.push(`${file} contains ${marker.what} code (found ${JSON.stringify(marker.text)})`);
    }
    const mapFile = path.join(distDir, `${file}.map`);
    if (!existsSync(mapFile)) {
      // Rolldown's runtime chunk and Vite's preload helper are emitted without a map; they hold no app modules
      // (the text markers above still scan them).
      if (manifest[key].name === 'rolldown-runtime' || manifest[key].name === 'preload-helper') continue;
      problems.push(`${file}.map is missing: the module check reads source maps (vite.config.ts build.sourcemap)`);
      continue;
    }
    const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] };
    for (const source of sources) initialSources.add(source.replace(/\\/g, '/'));
    for (const source of sources) {
      const what = forbiddenModule(source, allowedCrypto);
      if (what) problems.push(`${file} contains ${what} (${source})`);
    }
  }
  for (const file of unsplit) {
    if (![...initialSources].some((source) => source.endsWith(`/${file}`))) {
      problems.push(`${file} is neither split off nor in the initial chunks: the home route's rule (HOME_ROUTE_FILES) is out of date`);
    }
  }
  const gzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  if (gzipBytes > BUDGET_KB * KB) problems.push(`over budget: ${fmtKb(gzipBytes)} KB gzip > ${BUDGET_KB} KB`);
  return { chunks: chunks.sort((a, b) => b.gzip - a.gzip), gzipBytes, problems: [...new Set(problems)] };
}

const fmtKb = (bytes: number) => (bytes / KB).toFixed(1);

/** The figure line, then the chunks (largest first) and the problems. */
export function printReport(report: BundleReport, log: (line: string) => void = console.log): void {
  log(`Home initial JS: ${fmtKb(report.gzipBytes)} KB gzip (budget ${BUDGET_KB} KB)`);
  for (const chunk of report.chunks) {
    log(`  ${fmtKb(chunk.gzip).padStart(6)} KB gzip  ${fmtKb(chunk.bytes).padStart(7)} KB  ${chunk.file}  (${chunk.via})`);
  }
  for (const problem of report.problems) log(`  ✖ ${problem}`);
}

function viteBuild(outDir?: string): void {
  const args = ['vite', 'build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : [])];
  const result = spawnSync('npx', args, { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
}

/**
 * `npm run bench -- bundle`: builds into a temporary folder (dist/, which a running server may serve, stays as it
 * is) and prints the same report. As with every benchmark, a missed goal (over budget, a forbidden module) is
 * reported, not an error of the run; `npm test` is where the budget fails the build. A failed build throws.
 */
export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  title: `home page initial JS, gzip (budget ${BUDGET_KB} KB)`,
  async run() {
    const outDir = mkdtempSync(path.join(tmpdir(), 'venuely-bundle-'));
    try {
      viteBuild(outDir);
      const report = analyseBundle(outDir);
      printReport(report);
      console.log(report.problems.length === 0 ? 'bundle: within budget' : `bundle: GOAL MISSED (${report.problems.length} problem(s))`);
      return { errors: 0 };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};

function main(argv: string[]): number {
  const defaultDist = path.join(ROOT, 'dist');
  const distDir = path.resolve(argv.find((arg) => !arg.startsWith('--')) ?? defaultDist);
  if (argv.includes('--build')) viteBuild(distDir === defaultDist ? undefined : distDir);
  const report = analyseBundle(distDir);
  printReport(report);
  if (report.problems.length > 0) {
    console.error(`\nBundle budget check failed: ${report.problems.length} problem(s).`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
