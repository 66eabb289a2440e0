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

  it('knows when a seq should wait for the ones before it: a short gap after a seq the socket has', () => {
    const seqs = new SentSeqs();
    // Nothing earlier: the first message of a conversation never waits.
    expect(seqs.awaitsPredecessor(40, 16)).toBe(false);
    seqs.add(40);
    expect(seqs.awaitsPredecessor(41, 16)).toBe(false);
    expect(seqs.awaitsPredecessor(42, 16)).toBe(true);
    expect(seqs.awaitsPredecessor(57, 16)).toBe(true);
    // Seventeen missing: a resync's business.
    expect(seqs.awaitsPredecessor(58, 16)).toBe(false);
    // Older than anything the socket has: history it never had, nothing to wait for.
    expect(seqs.awaitsPredecessor(39, 16)).toBe(false);
    seqs.holdUpTo(45);
    expect(seqs.awaitsPredecessor(46, 16)).toBe(false);
    expect(seqs.awaitsPredecessor(48, 16)).toBe(true);
  });
});
