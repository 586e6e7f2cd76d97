import { describe, expect, it } from 'vitest';
import { buildNameTables, preferFamilyName, segmentRun, tokenClass, type NameTables, type Piece } from '../../src/signals/names.ts';
import { buildTokenTrie, FIRST, LAST, lookupToken, SERVICE, WORD } from '../../src/signals/token-trie.ts';

const trie = buildTokenTrie([
  [FIRST, ['john', 'anna', 'li', 'max']],
  [LAST, ['smith', 'miller', 'wu']],
  [WORD, ['garden', 'blue']],
  [SERVICE, ['admin', 'desk', 'help']],
]);

/** Renders pieces as "john|smith", initials as "j:", junk letters as "?x". */
function show(s: string, pieces: Piece[]): string {
  return pieces
    .map((p) => (p.kind === 'token' ? s.slice(p.start, p.end) : p.kind === 'initial' ? `${s.slice(p.start, p.end)}:` : `?${s.slice(p.start, p.end)}`))
    .join('|');
}

describe('segmentRun', () => {
  it.each([
    ['johnsmith', 'john|smith'],
    ['jsmith', 'j:|smith'], // leading initial
    ['johns', 'john|s:'], // trailing initial
    ['annamiller', 'anna|miller'],
    ['helpdesk', 'help|desk'],
    ['bluegarden', 'blue|garden'],
    ['maxwu', 'max|wu'], // a two-letter token is still taken when it explains letters
    ['xqzv', 'x:|?q|?z|v:'],
    ['johnxq', 'john|?x|q:'],
  ])('%s -> %s', (s, expected) => {
    expect(show(s, segmentRun(s, 0, s.length, trie))).toBe(expected);
  });

  it('segments only the given range and reports absolute offsets', () => {
    const s = 'x.johnsmith.y';
    const pieces = segmentRun(s, 2, 11, trie);
    expect(pieces.map((p) => [p.start, p.end])).toEqual([[2, 6], [6, 11]]);
  });

  it('uses extra name tokens for this call only', () => {
    expect(show('zorbo', segmentRun('zorbo', 0, 5, trie))).not.toBe('zorbo');
    expect(show('zorbo', segmentRun('zorbo', 0, 5, trie, ['zorbo']))).toBe('zorbo');
  });
});

describe('segmentRun: a given name and a surname ending', () => {
  // Made-up names: given names in the trie, family names nowhere.
  const given = buildTokenTrie([[FIRST, ['olaf', 'petro', 'jo', 'karim']], [WORD, ['jackson']], [LAST, ['smith']]]);
  const endings = buildTokenTrie([[LAST, ['sdottir', 'son', 'enko', 'zadeh']]]);
  const seg = (s: string, withEndings = true) => segmentRun(s, 0, s.length, given, undefined, withEndings ? endings : undefined);

  it.each([
    ['olafsdottir', 'olafsdottir'],
    ['petroenko', 'petroenko'],
    ['karimzadeh', 'karimzadeh'],
    ['xqolafsdottir', 'x:|?q|olafsdottir'],
    ['olafsdottirsmith', 'olafsdottir|smith'],
  ])('%s -> %s, one family-name token', (s, expected) => {
    const pieces = seg(s);
    expect(show(s, pieces)).toBe(expected);
    const derived = pieces.find((p) => p.kind === 'token' && p.end - p.start > 6)!;
    expect(derived.flags & LAST).toBe(LAST);
  });

  it('reads nothing of the kind without the endings', () => {
    expect(show('olafsdottir', seg('olafsdottir', false))).not.toBe('olafsdottir');
  });

  it.each([
    ['qzvsdottir', 'an ending after letters that are no given name'],
    ['josson', 'a given name of two letters'],
    ['sdottirolaf', 'an ending before the name'],
  ])('%s: no derived family name (%s)', (s) => {
    expect(seg(s).some((p) => p.kind === 'token' && p.end - p.start > 5 && p.flags === LAST)).toBe(false);
  });

  it('keeps the flags of a token the lists hold too', () => {
    const jack = buildTokenTrie([[FIRST, ['jack']], [WORD, ['jackson']]]);
    const [piece] = segmentRun('jackson', 0, 7, jack, undefined, endings);
    expect(show('jackson', [piece!])).toBe('jackson');
    expect(piece!.flags).toBe(WORD | LAST);
  });
});

describe('tokenClass', () => {
  it.each([
    [FIRST, 'name'],
    [LAST, 'name'],
    [FIRST | WORD, 'name'],
    [WORD, 'word'],
    [SERVICE | FIRST, 'service'],
  ] as const)('flags %i -> %s', (flags, cls) => {
    expect(tokenClass(flags)).toBe(cls);
  });
});

describe('buildNameTables (faker locale data)', () => {
  const tables = buildNameTables();
  it.each([
    ['john', FIRST],
    ['maria', FIRST],
    ['dmitrii', FIRST], // Cyrillic, transliterated
    ['wei', FIRST], // Han, via pinyin
    ['nguyen', LAST],
    ['smith', LAST],
    ['admin', SERVICE],
  ])('knows %s', (token, flag) => {
    expect(lookupToken(tables.trie, token) & flag).toBe(flag);
  });

  it('builds the surname endings (src/data/surname-endings.ts)', () => {
    for (const ending of ['sdottir', 'ovich', 'yan', 'escu', 'oglu', 'zadeh']) expect(lookupToken(tables.surnameEndings, ending)).toBe(LAST);
    expect(lookupToken(tables.surnameEndings, 'smith')).toBe(0);
  });

  it.each([
    ['padmakar', FIRST],
    ['narottam', FIRST],
    ['divyendu', FIRST],
    ['deshmukh', LAST],
    ['khurana', LAST],
  ])('knows the Indian name %s, which faker lacks (random-indian-name)', (token, flag) => {
    expect(lookupToken(tables.trie, token) & flag).toBe(flag);
  });

  it.each([
    ['kanokwan', FIRST],
    ['phatcharaphon', FIRST],
    ['buranasiri', LAST],
    ['chanthachot', LAST],
  ])('knows the Thai name %s, which faker holds in Thai script only (src/data/thai-names.ts, RTGS)', (token, flag) => {
    expect(lookupToken(tables.trie, token) & flag).toBe(flag);
  });

  it.each(['banks', 'officer', 'winner', 'chambers', 'fairbanks', 'stafford'])('knows the US family name %s, which faker lacks (Census 2010, src/data/us-surnames.ts)', (token) => {
    expect(lookupToken(tables.trie, token) & LAST).toBe(LAST);
  });

  it('reads as family names only the service words that are listed family names and no mailbox of their own', () => {
    for (const w of ['officer', 'winner', 'chambers', 'lawyer']) expect(tables.familyServiceWords.has(w), w).toBe(true);
    // Desks the role-account lists hold as mailboxes, and desk words no one bears as a name.
    for (const w of ['billing', 'service', 'staff', 'board', 'support', 'admin', 'security', 'helpdesk', 'noreply', 'paypal']) {
      expect(tables.familyServiceWords.has(w), w).toBe(false);
    }
  });

  it('holds many languages worth of names', () => {
    let names = 0;
    for (let i = 0; i < tables.trie.nodes; i++) if (tables.trie.flags[i]! & (FIRST | LAST)) names++;
    expect(names).toBeGreaterThan(20_000);
  });
});

describe('pinyin syllables', () => {
  it('are Mandarin syllables only, enough to cover Chinese given names', async () => {
    const { pinyinSyllables } = await import('../../scripts/name-lists-source.ts');
    const syllables = pinyinSyllables();
    expect(syllables.length).toBeGreaterThan(350);
    for (const s of ['zhang', 'xiao', 'ming', 'shun', 'kang', 'qiong']) expect(syllables).toContain(s);
    for (const s of ['akutsu', 'kamiyama', 'hwa', 'cwul']) expect(syllables).not.toContain(s); // Japanese/Korean readings
  });
});

describe('preferFamilyName: a service word in a family name\'s slot', () => {
  // Made-up tables: given names, and service words of which some are family names too.
  const trie = buildTokenTrie([
    [FIRST, ['emma', 'sarah', 'tom']],
    [WORD, ['the']],
    [SERVICE, ['officer', 'winner', 'billing', 'claims', 'desk', 'admin']],
    [LAST, ['officer', 'winner', 'billing']],
  ]);
  const tables = { trie, familyServiceWords: new Set(['officer', 'winner']) } as unknown as NameTables;
  /** Segments each letter run, applies the rule, and shows the service tokens left ("-" for none). */
  const serviceLeft = (local: string): string => {
    const runs = [...local.matchAll(/[a-z]+/g)].map((m) => segmentRun(local, m.index, m.index + m[0].length, trie));
    const read = preferFamilyName(local, runs, tables);
    const service = read.flat().filter((p) => p.kind === 'token' && (p.flags & SERVICE) !== 0).map((p) => local.slice(p.start, p.end));
    return service.join('|') || '-';
  };

  it.each([
    ['emma.officer', '-'],
    ['emmaofficer', '-'],
    ['sarah_winner84', '-'],
    ['e.officer', '-'], // an initial stands for the given name
    ['eofficer', '-'],
    ['emma.t.winner', '-'],
    ['winner.sarah', '-'], // family name first
  ])('%s: read as a family name', (local, left) => {
    expect(serviceLeft(local)).toBe(left);
  });

  it.each([
    ['officer', 'officer'], // alone: no given name beside it
    ['claims.officer', 'claims|officer'], // another service word, not a given name
    ['the.winner', 'winner'], // a word, not a given name
    ['emma.billing', 'billing'], // a desk that is a mailbox of its own (not in familyServiceWords)
    ['officer.desk', 'officer|desk'],
    ['winner.t', 'winner'], // family name first needs a given name after it, not an initial
    ['emma.officer.admin', 'officer|admin'], // the family word must end (or begin) the names
    ['xqz.officer', 'officer'], // letters no token explains are no initials
    ['xqzofficer', 'officer'],
    ['emmatomofficer', 'officer'], // two names glued before it: no longer a name and a family name
  ])('%s: keeps the service reading', (local, left) => {
    expect(serviceLeft(local)).toBe(left);
  });

  it('gives the family word the family-name flag and returns the runs unchanged when nothing applies', () => {
    const local = 'emma.officer';
    const runs = [segmentRun(local, 0, 4, trie), segmentRun(local, 5, 12, trie)];
    const read = preferFamilyName(local, runs, tables);
    expect(read[1]![0]!.flags & (LAST | SERVICE)).toBe(LAST);
    expect(tokenClass(read[1]![0]!.flags)).toBe('name');
    const other = [segmentRun('claims', 0, 6, trie)];
    expect(preferFamilyName('claims', other, tables)).toBe(other);
  });
});
