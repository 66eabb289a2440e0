import { z } from 'zod';
import { PAYLOAD_DEPTH_MAX } from '@/contract/constants';
import { nestedBeyond } from '@/contract/nesting';

/**
 * `schema.safeParse` for what a client sent, which never throws.
 *
 * zod runs a length check (`.min`, `.max`, `.length`) on any value that has a `length`, even one that already
 * failed its type: `z.string().min(1)` given `{"length":{"toString":"x","valueOf":"y"}}` compares that object
 * with 1, and JavaScript throws "Cannot convert object to primitive value" (zod 4.6). JSON can say that, so a
 * client could turn a refusal into a server error. Such a value is refused like any other invalid field, named
 * when the schema is an object whose field throws on its own.
 */
export function safeParseUntrusted<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  try {
    return schema.safeParse(value) as z.ZodSafeParseResult<z.output<S>>;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const issue: z.core.$ZodIssue = { code: 'custom', message: 'zod.invalid', path: fieldThatThrows(schema, value), input: value };
    return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<S>>;
  }
}

/** The path of the first field of an object schema whose own parse throws; the whole value when none does alone. */
function fieldThatThrows(schema: z.ZodType, value: unknown): PropertyKey[] {
  if (!(schema instanceof z.ZodObject) || typeof value !== 'object' || value === null) return [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    try {
      field.safeParse((value as Record<string, unknown>)[key]);
    } catch {
      return [key];
    }
  }
  return [];
}

/**
 * The top-level field of a payload whose value nests beyond PAYLOAD_DEPTH_MAX (the payload object being level 1),
 * or null. Checked as soon as a payload is opened, before anything else reads it: zod, the text check below and every
 * handler then only meet values within the limit. Measured without recursion (src/contract/nesting.ts).
 *
 * A plain debug form carries its array and object fields as JSON text (`f.json` parses them inside the schema, and
 * takes such text in any payload): a field whose text is a JSON array or object is held to the same limit, so both
 * wire forms refuse the same value the same way.
 */
export function fieldNestedTooDeep(payload: Record<string, unknown>, max = PAYLOAD_DEPTH_MAX): string | null {
  for (const key of Object.keys(payload)) {
    let value = payload[key];
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        // Not JSON: the field's schema answers it.
      }
    }
    if (nestedBeyond(value, max - 1)) return key;
  }
  return null;
}

const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * The path of the first string (value or key, at any depth) that is not well-formed UTF-16, i.e. holds a lone
 * surrogate; null when every string is well-formed. `String.prototype.isWellFormed` (ES2024, in every Node this
 * project supports) makes the test without a regular expression per string; TypeScript's lib here is ES2023.
 * Walks with an explicit stack, depth first in key order (the same first path a recursive walk names), so no depth
 * of nesting can overflow the call stack.
 */
export function brokenTextField(value: unknown): string | null {
  // Each entry: a value, the key it is held under (null for the value itself) and the path of its holder.
  const stack: [unknown, string | null, string][] = [[value, null, '']];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [current, key, holder] = top;
    // A key is checked when its value's turn comes, as a recursive walk checks each key just before its value.
    if (key !== null && !wellFormed(key)) return holder || 'payload';
    const path = key === null ? holder : holder ? `${holder}.${key}` : key;
    if (typeof current === 'string') {
      if (!wellFormed(current)) return path || 'payload';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const keys = Object.keys(current);
    // Pushed last to first, so the first key is examined first.
    for (let i = keys.length - 1; i >= 0; i--) stack.push([(current as Record<string, unknown>)[keys[i]], keys[i], path]);
  }
  return null;
}
