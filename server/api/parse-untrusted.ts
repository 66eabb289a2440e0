import { z } from 'zod';

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
