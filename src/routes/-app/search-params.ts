/**
 * Search-param validators for route configs (STYLE rule 12). Route configs are in the home page's initial
 * JavaScript, so they use these few plain functions instead of a schema library (zod's core alone is 16 KB gzip
 * there). A value that is not valid (a hand-edited URL, an old link) is dropped, not an error: the page shows
 * what it shows without it. The router parses `?tag=5` as the number 5, so numbers arrive as numbers.
 */

/** Reads one search param: its value, or undefined when absent or not valid. */
export type ParamParser<T> = (value: unknown) => T | undefined;

type Parsed<S extends Record<string, ParamParser<unknown>>> = {
  [K in keyof S]?: S[K] extends ParamParser<infer T> ? T : never;
};

/**
 * A route's `validateSearch`: each key read by its parser; keys that are absent or not valid are left out, so a
 * link built from the result never carries `?sort=undefined`.
 */
export function searchParams<S extends Record<string, ParamParser<unknown>>>(shape: S): (search: Record<string, unknown>) => Parsed<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key](search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Parsed<S>;
  };
}

/** An integer in [min, max]. */
export function intParam(min: number, max: number): ParamParser<number> {
  return (value) => (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined);
}

/** One of `values` (an exact string). */
export function oneOfParam<const T extends readonly string[]>(values: T): ParamParser<T[number]> {
  return (value) => (typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined);
}

/** A string of at most `max` characters (a number-like value arrives as a number and is dropped). */
export function textParam(max: number): ParamParser<string> {
  return (value) => (typeof value === 'string' && value.length <= max ? value : undefined);
}

/** `parse`, with `fallback` where it gives nothing: the param is then always present. */
export function withDefault<S extends Record<string, ParamParser<unknown>>, D extends Partial<Parsed<S>>>(
  validate: (search: Record<string, unknown>) => Parsed<S>,
  defaults: D,
): (search: Record<string, unknown>) => Parsed<S> & Required<D> {
  return (search) => ({ ...defaults, ...validate(search) }) as Parsed<S> & Required<D>;
}
