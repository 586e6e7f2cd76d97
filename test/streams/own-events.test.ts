/**
 * OwnEvents' indexes keep what the state does not include yet, or what is newer than the horizon:
 * pruning drops the oldest items only, from every key's list, and leaves each list in the order
 * its items came (history and usage read them in that order).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckScored } from '../../src/domain/events.ts';
import { inboxIndexKey, OwnEvents } from '../../src/streams/own-events.ts';

const T0 = 1_800_000_000_000;

function check(account: string, domain: string, inbox: number, time: number): CheckScored {
  return { account, time, domain, inbox_hash: Buffer.alloc(16, inbox), spelling_hash: Buffer.alloc(16), ip_hash: null } as unknown as CheckScored;
}

/** Offsets of a list, in its order. */
const offsets = (list: readonly { offset: number }[]): number[] => list.map((p) => p.offset);

describe('OwnEvents prune', () => {
  it('drops the included items older than the horizon from every key, oldest first, keeping each list in order', () => {
    const own = new OwnEvents(1_000);
    // Interleaved keys: two accounts at one domain, a second domain, repeated inboxes.
    const plan = [
      ['acme', 'gmail.com', 1],
      ['acme', 'gmail.com', 2],
      ['zeta', 'gmail.com', 1],
      ['acme', 'example.org', 1],
      ['zeta', 'gmail.com', 3],
      ['acme', 'gmail.com', 1],
      ['acme', 'example.org', 2],
    ] as const;
    plan.forEach(([account, domain, inbox], i) => own.addCheck({ event: check(account, domain, inbox, T0 + i * 100), partition: 0, offset: i }));

    // Offsets below 4 are included; the horizon keeps everything from T0 + 300 on.
    own.prune([4], [], T0 + 1_300);
    // Offset 3 is not older than the horizon (T0 + 300): pruning stops there, whatever follows.
    expect(offsets(own.checksByDomain.get('gmail.com'))).toEqual([4, 5]);
    expect(offsets(own.checksByDomain.get('example.org'))).toEqual([3, 6]);
    expect(offsets(own.checksByAccount.get('zeta'))).toEqual([4]);

    // A second state: only offset 0 included; pruning stops at the first item still needed.
    const again = new OwnEvents(1_000);
    plan.forEach(([account, domain, inbox], i) => again.addCheck({ event: check(account, domain, inbox, T0 + i * 100), partition: 0, offset: i }));
    again.prune([2], [], T0 + 5_000);
    expect(offsets(again.checksByDomain.get('gmail.com'))).toEqual([2, 4, 5]);
    expect(offsets(again.checksByAccount.get('acme'))).toEqual([3, 5, 6]);
    expect(offsets(again.checksByAccount.get('zeta'))).toEqual([2, 4]);
    expect(offsets(again.checksByInbox.get(inboxIndexKey('acme', Buffer.alloc(16, 1))))).toEqual([3, 5]);
    expect(offsets(again.checksByInbox.get(inboxIndexKey('acme', Buffer.alloc(16, 2))))).toEqual([6]);
    expect(again.size).toBe(5);

    // Everything included and old: every list empties, and a new item starts a fresh one.
    again.prune([7], [], T0 + 5_000);
    expect(again.size).toBe(0);
    expect(offsets(again.checksByDomain.get('gmail.com'))).toEqual([]);
    again.addCheck({ event: check('acme', 'gmail.com', 9, T0 + 5_000), partition: 0, offset: 7 });
    expect(offsets(again.checksByDomain.get('gmail.com'))).toEqual([7]);
  });

  it('keeps only the newest items of a busy key past the cap, in order', () => {
    const own = new OwnEvents(60_000);
    const n = 200_000 + 50;
    for (let i = 0; i < n; i++) own.addCheck({ event: check('acme', i % 2 ? 'gmail.com' : 'example.org', i % 7, T0 + i), partition: 0, offset: i });
    const gmail = offsets(own.checksByDomain.get('gmail.com'));
    const all = offsets(own.checksByAccount.get('acme'));
    expect(all).toHaveLength(200_000);
    expect(all[0]).toBe(50);
    expect(all.at(-1)).toBe(n - 1);
    expect(gmail[0]).toBe(51);
    expect(gmail).toHaveLength(100_000);
    expect(gmail.every((o, i) => i === 0 || o === gmail[i - 1]! + 2)).toBe(true);
  });
});

describe('inboxIndexKey (Given keys asked in any order, also of a hash changed in place, Then each is the key of its account and bytes)', () => {
  const fresh = (account: string, hash: Buffer): string => `${account}\0${hash.toString('latin1')}`;

  it('the key built afresh, whether or not it was asked a moment ago', () => {
    // A pool of hash Buffers that share bytes (copies, prefixes) and accounts that prefix each other.
    const accounts = ['acme', 'acm', 'acme\0', 'globex', 'ä'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ account: fc.integer({ min: 0, max: 4 }), hash: fc.integer({ min: 0, max: 5 }), change: fc.option(fc.integer({ min: 0, max: 255 }), { freq: 4, nil: undefined }) }), { maxLength: 60 }),
        (steps) => {
          const pool = [Buffer.alloc(16, 1), Buffer.alloc(16, 1), Buffer.alloc(16, 2), Buffer.alloc(8, 1), Buffer.alloc(16, 0), Buffer.from('00112233445566778899aabbccddeeff', 'hex')];
          for (const s of steps) {
            const hash = pool[s.hash]!;
            if (s.change !== undefined) hash[s.change % hash.length] = s.change; // changed in place: asked again, its new bytes count
            expect(inboxIndexKey(accounts[s.account]!, hash)).toBe(fresh(accounts[s.account]!, hash));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
