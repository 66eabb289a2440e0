import { describe, expect, it } from 'vitest';
import { SentSeqs } from './im.plugin';

describe('SentSeqs: what a socket has of one conversation', () => {
  it('takes seqs in any order once each: a late lower seq is not mistaken for a duplicate', () => {
    const seqs = new SentSeqs();
    expect([1, 3, 2, 3, 2, 1, 4].map((s) => seqs.add(s))).toEqual([true, true, true, false, false, false, true]);
  });

  it('after a resume point, everything up to it is held and only later seqs are new', () => {
    const seqs = new SentSeqs();
    seqs.add(9);
    seqs.holdUpTo(7);
    expect([5, 7, 8, 9, 10].map((s) => seqs.add(s))).toEqual([false, false, true, false, true]);
  });

  it('stays bounded when a seq never comes', () => {
    const seqs = new SentSeqs();
    for (let s = 2; s <= 5_000; s++) expect(seqs.add(s)).toBe(true);
    expect(seqs.add(4_999)).toBe(false);
    expect(seqs.add(5_001)).toBe(true);
    expect((seqs as unknown as { above: Set<number> }).above.size).toBeLessThanOrEqual(513);
  });
});
