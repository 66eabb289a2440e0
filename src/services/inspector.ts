import type { InspectionEvent } from 'xstate';

/**
 * What `createActor(logic, { inspect })` takes, in the callback form (AppSystemDeps.inspect in
 * src/routes/-app/app-system.ts takes this form too).
 */
export type ActorInspector = (event: InspectionEvent) => void;

/** Field names whose values never reach the inspector: credentials, tokens, card data and identity data. */
const SECRET_KEY = new RegExp(
  [
    'password', 'passwd', 'secret', 'token', 'authorization', 'cookie', 'sign$', '^code$', 'otp',
    'card', 'cvc', 'cvv', 'exp_month', 'exp_year', 'expiry', 'iban', 'account_number',
    'document', 'birth', 'full_name', 'selfie', 'passport', 'id_number', 'national_id', 'kyc_image',
  ].join('|'),
  'i',
);
export const REDACTED = '[redacted]';
const DEPTH_LIMIT = 10;

/**
 * A plain, JSON-safe copy of what the inspector would send, with secrets replaced by `[redacted]`: every value
 * under a secret-looking key (at any depth, in events, snapshots, contexts, actor inputs and outputs) and every
 * string that contains one of the `knownSecrets` (the session token wherever it was copied to). Cycles, class
 * instances (actor refs), functions, files and blobs are cut down to what JSON can hold. Runs only with ?inspect.
 */
export function redactForInspector(value: unknown, knownSecrets: readonly string[] = []): unknown {
  const seen = new WeakSet<object>();
  const secrets = knownSecrets.filter((s) => s.length >= 8);
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return secrets.some((s) => item.includes(s)) ? REDACTED : item;
    if (typeof item === 'number' || typeof item === 'boolean' || item === null) return item;
    if (typeof item === 'bigint') return String(item);
    if (typeof item !== 'object') return undefined;
    if (seen.has(item)) return '[circular]';
    if (depth >= DEPTH_LIMIT) return '[deep]';
    if (typeof Blob !== 'undefined' && item instanceof Blob) return REDACTED;
    if (item instanceof Date) return item.toISOString();
    if (item instanceof Error) return { name: item.name, message: walk(item.message, depth + 1) };
    seen.add(item);
    try {
      if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1) ?? null);
      const out: Record<string, unknown> = {};
      // A form event names its field: `{ type: 'field.change', field: 'password', value }` hides the value too.
      const record = item as Record<string, unknown>;
      const namesSecret = ['field', 'name'].some((k) => typeof record[k] === 'string' && SECRET_KEY.test(record[k] as string));
      for (const [key, entry] of Object.entries(item)) {
        if ((SECRET_KEY.test(key) || (namesSecret && key === 'value')) && entry !== null && entry !== undefined && entry !== '') {
          out[key] = REDACTED;
          continue;
        }
        const copied = walk(entry, depth + 1);
        if (copied !== undefined) out[key] = copied;
      }
      return out;
    } finally {
      seen.delete(item);
    }
  };
  return walk(value, 0);
}

/**
 * The Stately inspector when the page URL has `?inspect` (with any value, or none), else undefined. Pass the result
 * as `inspect` to the app-wide `createActor` calls: the inspector window (stately.ai/inspect) then shows every
 * actor, event and snapshot — with passwords, tokens, card and identity data redacted (issue 10 item 4): the
 * inspector window is another origin, and what is posted to it must not hand over a session.
 *
 * `@statelyai/inspect` is imported dynamically and only here, so it is a chunk of its own that a page without
 * `?inspect` never fetches (tests/budget/check-bundle.ts fails if it ever reaches the home page's initial JS).
 */
export async function inspectorFromUrl(search: string): Promise<ActorInspector | undefined> {
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  const [{ createBrowserInspector }, { getToken }] = await Promise.all([import('@statelyai/inspect'), import('./storage')]);
  // The session token is also redacted where it was copied under an innocent name (a header, an input).
  const knownSecrets = () => [getToken() ?? ''];
  const { inspect } = createBrowserInspector({ serialize: (event) => redactForInspector(event, knownSecrets()) as typeof event });
  return (event) => inspect.next?.(event);
}
