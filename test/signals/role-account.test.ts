import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ACCOUNT_LOCAL_PARTS } from '../../src/data/role-accounts.ts';
import { buildRoleTable, isRoleAccount } from '../../src/signals/role-account.ts';
import { describeShared, readSharedJson } from '../helpers/shared.ts';

const table = buildRoleTable(ROLE_ACCOUNT_LOCAL_PARTS);

describe('isRoleAccount', () => {
  it.each([
    ['info', true],
    ['support', true],
    ['admin', true],
    ['administrator', true],
    ['noreply', true],
    ['no-reply', true],
    ['no_reply', true],
    ['do-not-reply', true],
    ['noreply-billing', true],
    ['mailer-daemon', true],
    ['info+newsletter', true],
    ['sales2', true],
    ['info2024', true],
    ['info.sales', true],
    ['it-support', true],
    ['sales.team.2', true],
    ['hr2', true], // a role desk numbered
    ['it01', true],
    ['sales2024', true], // a listed word of 4+ letters stays a role with any number
    ['rh0146', false], // 1-3 letters and 3+ digits: initials and a staff number
    ['md1952', false], // initials and a birth year
    ['pm48213', false],
    ['jane', false],
    ['john.sales', false],
    ['normal_user', false],
    ['email_username', false],
    ['exampleuser', false],
    ['jane.doe+info', false],
    ['12345', false],
    ['la.ny', false],
    ['informatics-jane', false],
  ])('%s -> %s', (local, expected) => {
    expect(isRoleAccount(local, table)).toBe(expected);
  });
});

describeShared(['corpora', 'role-accounts.json'], 'role accounts vs ../shared/corpora/role-accounts.json', () => {
  type Corpus = {
    lists: { groups?: Record<string, string[]>; entries?: string[] }[];
    vectors: { input: string; expected_role: boolean }[];
  };
  // Loaded in beforeAll so that a skipped suite (no ../shared) never touches the file.
  let corpus: Corpus = { lists: [], vectors: [] };
  beforeAll(() => {
    corpus = readSharedJson<Corpus>('corpora', 'role-accounts.json');
  });

  it('packages every string of both upstream lists', () => {
    const upstream = new Set(corpus.lists.flatMap((l) => [...Object.values(l.groups ?? {}).flat(), ...(l.entries ?? [])]).map((s) => s.toLowerCase()));
    expect(new Set(ROLE_ACCOUNT_LOCAL_PARTS)).toEqual(upstream);
  });

  it('agrees with all AfterShip vectors', () => {
    for (const v of corpus.vectors) expect(isRoleAccount(v.input, table), v.input).toBe(v.expected_role);
  });

  it('flags every listed local part exactly as listed', () => {
    expect(ROLE_ACCOUNT_LOCAL_PARTS.filter((l) => !isRoleAccount(l, table))).toEqual([]);
  });
});
