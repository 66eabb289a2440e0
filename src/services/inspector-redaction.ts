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
