import { describe, expect, it } from 'vitest';
import { DOTTED_ALIAS_MIN, dotsInsideNames, isDottedAlias } from '../../src/signals/dotted-alias.ts';
import { buildNameTables } from '../../src/signals/names.ts';

const tables = buildNameTables();

describe('dotsInsideNames', () => {
  it.each([
    // dots where a person puts them: between names, after initials, between a name and a word
    ['john.smith', 0],
    ['anna.maria.berg', 0],
    ['j.r.smith', 0],
    ['john.r.smith', 0],
    ['j.o.h.n.smith', 0],
    ['maria.garden.lover', 0],
    ['tom.berg.1987', 0],
    ['johnsmith', 0],
    // dots that break names where no part of them ends
    ['jo.hn.smi.th', 2],
    ['ma.rgar.et.wilson', 2],
    ['mic.hael.wal.ker', 2],
    ['chri.stoph.mey.er', 2],
    ['ka.theri.ne.bro.wn', 3],
    // the same with a number and a + tag: read before them
    ['jo.hn.smi.th42', 2],
    ['jo.hn.smi.th+shop', 2],
    // one such dot: a name the lists split differently is left alone
    ['jo.hn.smith', 1],
    // a dot between two pieces that are names or words on their own is where a person may put one
    ['eliza.beth.tay.lor', 1],
    ['jona.than.hug.hes', 1],
    // not letters and dots only: a handle of its own kind, not read here
    ['jo.hn_smi.th', 0],
    ['jo.h4n.smi.th', 0],
    // letters no list explains: no name to break
    ['zqv.xkt.pwr', 0],
  ] as const)('%s -> %i', (local, expected) => {
    expect(dotsInsideNames(local, tables)).toBe(expected);
  });
});

describe('isDottedAlias', () => {
  it(`takes ${DOTTED_ALIAS_MIN} dots inside names`, () => {
    expect(isDottedAlias('jo.hn.smi.th', tables)).toBe(true);
    expect(isDottedAlias('jo.hn.smith', tables)).toBe(false);
    expect(isDottedAlias('john.smith', tables)).toBe(false);
  });
});
