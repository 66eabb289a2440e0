import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { safeParseUntrusted } from './parse-untrusted';

/** A JSON value whose `length` JavaScript cannot turn into a number: zod's length checks throw on it. */
const unmeasurable = JSON.parse('{"length":{"toString":"x","valueOf":"y"}}') as unknown;

describe('safeParseUntrusted', () => {
  const schema = z.object({ name: z.string().min(1).max(20), tags: z.array(z.string()).max(3) });

  it('refuses a value zod throws on, naming its field, where safeParse itself throws', () => {
    expect(() => schema.safeParse({ name: unmeasurable, tags: [] })).toThrow(TypeError);
    const name = safeParseUntrusted(schema, { name: unmeasurable, tags: [] });
    expect(name.success).toBe(false);
    expect(name.error?.issues).toMatchObject([{ code: 'custom', message: 'zod.invalid', path: ['name'] }]);
    const tags = safeParseUntrusted(schema, { name: 'ok', tags: unmeasurable });
    expect(tags.error?.issues[0].path).toEqual(['tags']);
  });

  it('names the whole value when the schema is no object, and answers as safeParse otherwise', () => {
    expect(safeParseUntrusted(z.string().min(1), unmeasurable).error?.issues[0].path).toEqual([]);
    expect(safeParseUntrusted(schema, { name: 'Ana', tags: ['a'] })).toEqual({ success: true, data: { name: 'Ana', tags: ['a'] } });
    expect(safeParseUntrusted(schema, { name: '', tags: [] }).error?.issues[0]).toMatchObject({ code: 'too_small', path: ['name'] });
  });

  it('lets an error that is no TypeError through: only a hostile value is a refusal', () => {
    const failing = z.string().refine(() => {
      throw new RangeError('bug in a refinement');
    });
    expect(() => safeParseUntrusted(failing, 'x')).toThrow(RangeError);
  });
});
