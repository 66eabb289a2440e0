/**
 * A small seeded pseudo-random generator for demo and benchmark data: the same seed gives the same data on every
 * machine and database, so seeded listings are reproducible (tests compare two fresh databases). Not for anything
 * security-related: that is node:crypto's job.
 */

/** A 32-bit hash of a string (FNV-1a), to derive seeds from names such as a city's slug. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements (all of them when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** True with probability p. */
  chance(p: number): boolean;
  /** A UUID v4-shaped identifier made of generator output. */
  uuid(): string;
}

/** mulberry32: tiny, fast and well distributed enough for picking names and numbers. */
export function createRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (digits: number) => {
    let out = '';
    for (let i = 0; i < digits; i++) out += int(0, 15).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.max(0, count));
    },
    chance: (p: number) => next() < p,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`,
  };
}
