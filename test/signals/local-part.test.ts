import { describe, expect, it } from 'vitest';
import { buildNameTables, LOCAL_SHAPES, localPartSignals } from '../../src/signals/local-part.ts';

const tables = buildNameTables();
const sig = (local: string, name?: string) => localPartSignals(local, tables, name);

describe('localPartSignals: shape', () => {
  it.each([
    ['john.smith', 'first.last'],
    ['maria_garcia', 'first_last'],
    ['maria-garcia', 'first-last'],
    ['j.smith', 'f.last'],
    ['john.s', 'first.l'],
    ['john.m.smith', 'first.m.last'],
    ['jsmith', 'flast'],
    ['johnsmith', 'firstlast'],
    ['john', 'first'],
    ['john.smith84', 'first.last+digits'],
    ['saowalak.chanthachot', 'first.last'], // Thai names, romanised in RTGS
    ['jsmith1990', 'flast+digits'],
    ['john84', 'first+digits'],
    ['john.smith+news', 'first.last'], // the +tag is not part of the name
    ['jd', 'initials'],
    ['123456', 'numeric'],
    ['webmaster', 'service'],
    ['accountupdate', 'service'],
    ['xkqzvbw', 'other'],
    ['q7x9z2', 'other'],
    ['john..smith', 'words'], // two separators: no name pattern, yet all dictionary parts
    ['12john', 'other'], // leading digits
  ])('%s -> %s', (local, shape) => {
    expect(sig(local).shape).toBe(shape);
  });

  it('only returns shapes from the closed list', () => {
    for (const l of ['a', 'a.b.c.d', 'x_y-z', 'ab12cd', '用户', 'élodie', '---']) {
      expect(LOCAL_SHAPES).toContain(sig(l).shape);
    }
  });
});

describe('localPartSignals: numeric signals', () => {
  it.each([
    // [local, field, min, max]
    ['john.smith', 'nameScore', 0.95, 1],
    ['xkqzvbw', 'nameScore', 0, 0.3],
    ['hxwtglxjgz', 'uncoveredShare', 0.5, 1],
    ['webofficedesk', 'serviceShare', 0.99, 1],
    ['john.smith', 'serviceShare', 0, 0],
    // an Indian given name glued to an Indian family name, both from random-indian-name
    ['padmakarkhurana', 'nameScore', 0.95, 1],
    // a Thai given name glued to a Thai family name, both romanised in RTGS (src/data/thai-names.ts)
    ['kanokwanburanasiri', 'nameScore', 0.95, 1],
    ['kanokwanburanasiri', 'uncoveredShare', 0, 0],
    // a brand phishing impersonates speaks for that company, whole or beside a person's name
    ['netflixbilling', 'serviceShare', 0.99, 1],
    ['paypal.disputes', 'serviceShare', 0.4, 0.5],
    ['tmorrow.wellsfargo', 'serviceShare', 0.5, 0.65],
    // names and words that merely contain a brand's letters are not it
    ['debayan', 'serviceShare', 0, 0],
    ['maple.grove', 'serviceShare', 0, 0],
    ['ab12345', 'digitRunMax', 5, 5],
    ['anna.berg123', 'trailingDigits', 3, 3],
    ['anna.berg.2024', 'trailingDigits', 4, 4],
    ['a1b22c333', 'trailingDigits', 3, 3],
    ['anna12berg', 'trailingDigits', 0, 0],
    ['anna.berg123+news2', 'trailingDigits', 3, 3], // the tag is not analysed
    ['4711', 'trailingDigits', 4, 4],
    ['a1b22c333', 'digitCount', 6, 6],
    ['ab12', 'digitShare', 0.5, 0.5],
    ['qwerty', 'keyboardWalk', 6, 6],
    ['abcabc', 'repeatedChunks', 6, 6],
    ['strengths', 'consonantRunMax', 5, 5], // n-g-t-h-s
    ['rhythm', 'consonantRunMax', 6, 6], // no a/e/i/o/u and not in the dictionaries: read as initials, one 6-letter run
    ['lynn', 'consonantRunMax', 2, 2], // a name without a/e/i/o/u is a name: l-y-nn, y counts as a vowel
    ['aeio', 'vowelShare', 1, 1],
    ['abc', 'entropy', Math.log2(3), Math.log2(3)],
    ['aabb', 'entropy', 1, 1],
    ['x7k2p9q4', 'letterDigitSwitches', 7, 7],
    ['t77marlow', 'letterDigitSwitches', 2, 2],
    ['anna.1987', 'letterDigitSwitches', 0, 0], // a separator between them is not a switch
    ['aaaa', 'entropy', 0, 0],
  ] as const)('%s: %s in [%d, %d]', (local, field, min, max) => {
    const v = sig(local)[field] as number;
    expect(v).toBeGreaterThanOrEqual(min - 1e-12);
    expect(v).toBeLessThanOrEqual(max + 1e-12);
  });

  it.each([
    ['anna.schmidt', 'zqvkfpwxbt'],
    ['linshunkang', 'xlbgyjdngz'],
    ['graceful.meadow', 'hxwtglxjgz'],
  ])('n-gram likelihood: %s reads as spelling, %s does not', (good, bad) => {
    expect(sig(good).ngramLogLik).toBeGreaterThan(sig(bad).ngramLogLik + 2);
  });

  it('scores the ending of the last long letter run', () => {
    expect(sig('parsonwm').tailLogLik).toBeLessThan(sig('parsons').tailLogLik - 2);
    expect(sig('anna').tailLogLik).toBe(0); // run under 6 letters
    expect(sig('christina42').tailLogLik).toBeLessThan(0);
  });

  it('reads letters around interior digits as one run when that spells worse (generated tokens)', () => {
    // A random token cut into short runs by its digits: joined, its letters read as random.
    const token = sig('qw7zvbx4kt');
    expect(token.ngramLogLik).toBeLessThan(-8);
    expect(token.ngramLetters).toBe(8);
    // A name around a number, and digits only at the end, keep the per-run figure.
    expect(sig('anna88mike').ngramLogLik).toBeGreaterThan(-6);
    expect(sig('christina42').ngramLogLik).toBeCloseTo(sig('christina').ngramLogLik, 9);
    expect(sig('jo4hanna').ngramLogLik).toBeLessThanOrEqual(sig('hanna').ngramLogLik + 1e-9);
  });

  it.each([
    // One or two letters, one number, one or two letters: an ID code, scored run by run.
    ['qp23ct', 0],
    ['gd8660yb', 0],
    ['zu387yh', 2],
    ['xf8832h', 0],
    // A third letter on a side, or a digit at an end: read joined, as a token cut by digits.
    ['qp23ctx', 5],
    ['kxq5vbzm', 7],
    ['qp23ct4', 4],
    ['1qp23ct', 4],
  ])('reads %s as an ID code only when it is letters around one number (n-gram letters %i)', (local, letters) => {
    expect(sig(local).ngramLetters).toBe(letters);
  });

  it('leaves edge initials out of the n-gram score', () => {
    expect(sig('jsmith').ngramLogLik).toBeCloseTo(sig('smith').ngramLogLik, 9);
    expect(sig('jsmith').ngramLetters).toBe(5);
  });

  it.each([
    ['anna1987', true],
    ['anna87', true],
    ['anna2001', true],
    ['anna2010', false],
    ['anna2024', false],
    ['anna12', false],
    ['anna123', false],
    ['1987', false],
  ])('yearSuffix(%s) = %s', (local, year) => {
    expect(sig(local).yearSuffix).toBe(year);
  });

  it.each([
    ['mr.john', true],
    ['mrjohnson', true],
    ['barr_mike', true],
    ['drew', false],
    ['mrinal', false],
    ['dr', false],
    ['john.dr', false],
  ])('honorific(%s) = %s', (local, h) => {
    expect(sig(local).honorific).toBe(h);
  });

  it('counts display-name parts as names when given', () => {
    const without = sig('zorbqualt');
    const withName = sig('zorbqualt', 'Zorb Qualt');
    expect(without.nameScore).toBeLessThan(0.5);
    expect(withName.nameScore).toBe(1);
    expect(withName.shape).toBe('firstlast');
  });

  it('handles local parts with no a-z letters', () => {
    const s = sig('用户');
    expect(s.letters).toBe(0);
    expect(s.nonAscii).toBe(2);
    expect(s.nameScore).toBe(0);
    expect(s.ngramLogLik).toBe(0);
  });
});

describe('localPartSignals: initials and birth years', () => {
  it.each([
    // [local part, letters read as initials, letters scored as spelling]
    ['lzh', 3, 0],
    ['lzhdfx', 6, 0],
    ['lzh.wang', 3, 4],
    ['zhang.lzh88', 3, 5],
    ['bzhdkxwk', 0, 6], // 8 vowelless letters: too long for initials, spelled (edge initials aside)
    ['lynn', 0, 4], // a name without a/e/i/o/u stays a name
    ['anna', 0, 4],
  ])('%s: %i initials, %i spelled', (local, initials, spelled) => {
    const s = sig(local);
    expect(s.initialsLetters).toBe(initials);
    expect(s.ngramLetters).toBe(spelled);
  });

  it('keeps a long run of initials a consonant run, and leaves initials uncovered by nothing', () => {
    expect(sig('bzhdkxw').consonantRunMax).toBe(7);
    expect(sig('bzhdkxw').uncoveredShare).toBe(0);
    expect(sig('zqvkfpwxbt').uncoveredShare).toBeGreaterThan(0.3);
  });

  it.each([
    ['anna1987', 0],
    ['anna87', 0],
    ['anna123456', 6],
    ['anna2024', 4], // a recent year is a run of digits, not a birth year
    ['a12b1987', 2],
  ])('%s: longest digit run beyond a birth year %i', (local, run) => {
    expect(sig(local).digitRunMaxBeyondYear).toBe(run);
  });
});

describe('localPartSignals: the family-name position', () => {
  // Made-up family names that no list holds whole: the lists alone leave letters unexplained.
  it.each([
    'emma.kowarczyk',
    'tomas_hravelik',
    'lars-oyelaran',
    'anna.ferlinghetti',
    'emma.kowarczyk77', // digits after the name do not change its parts
    'emma.kowarczyk+news', // nor does a +tag
  ])('%s: a name, then a part spelled as names are spelled, is a full name', (local) => {
    const s = sig(local);
    expect(s.nameScore).toBe(1);
    expect(s.uncoveredShare).toBeGreaterThan(0); // the lists alone do not explain it
  });

  it('credits a family name after a name and a middle name or initial', () => {
    expect(sig('anna.m.velindor').nameScore).toBeGreaterThan(sig('annamvelindor').nameScore);
    expect(sig('e.kowarczyk').nameScore).toBeGreaterThan(0.85);
  });

  it.each([
    ['emmakowarczyk', 'one run: no position to read'],
    ['emma..kowarczyk', 'two separators in a row'],
    ['emma.kowarczyk.x.y', 'four parts'],
    ['zqxv.kowarczyk', 'the first part is not a name'],
    ['emma.kowarczyk_dev', 'the last part is not the family name'],
    ['anna.xkqvwz', 'a generated tail'],
    ['anna_qwrtzp', 'a generated tail'],
    ['anna.jrr', 'initials'],
  ])('%s: no family-name credit (%s)', (local) => {
    const s = sig(local);
    expect(s.nameScore).toBeLessThan(0.75);
  });

  it('reads a listed Indian given name in the first position (random-indian-name)', () => {
    // A made-up family name after an Indian given name faker lacks.
    expect(sig('narottam.velindor').nameScore).toBe(1);
    expect(sig('divyendu_kowarczyk').nameScore).toBe(1);
  });

  it('never reads a service word as a family name', () => {
    const s = sig('anna.support');
    expect(s.serviceShare).toBeGreaterThan(0.5);
    expect(s.nameScore).toBeLessThan(0.5);
  });
});

describe('localPartSignals: family names made of a given name and an ending', () => {
  // Made-up people; each family name is a listed given name + a patronymic or surname ending.
  const withoutEndings = { ...tables, surnameEndings: undefined } as unknown as typeof tables;
  it.each([
    ['elinmagnusdottir', 'firstlast'],
    ['elin.magnusdottir', 'first.last'],
    ['karen.petrosyan', 'first.last'],
    ['dilnoza.hassanzadeh', 'first.last'],
  ])('%s: every letter is a name (%s)', (local, shape) => {
    const s = sig(local);
    expect(s.uncoveredShare).toBe(0);
    expect(s.nameScore).toBe(1);
    expect(s.shape).toBe(shape);
    const before = localPartSignals(local, withoutEndings);
    expect(before.uncoveredShare > 0 || before.shape !== shape).toBe(true);
  });

  it('does not explain generated letters before an ending', () => {
    expect(sig('kqwertovsdottir').uncoveredShare).toBeGreaterThan(0.1);
    expect(sig('kqwertovsdottir').nameScore).toBeLessThan(0.5);
  });
});

describe('localPartSignals: separated parts', () => {
  it.each([
    ['anna.maria.lindqvist', true],
    ['k_tanaka', true],
    ['jean-luc.picard', true],
    ['tom.berg.garden', true],
    ['anna.berg1987', true],
    ['annamaria', false], // glued
    ['anna88mike', false], // digits between letter runs are no separator
    ['anna', false],
    ['anna.', false], // one letter run
    ['.anna', false],
    ['anna..berg', false], // two separators in a row blur the boundary
    ['anna.7.berg', false], // a digit between separators too
    ['1234.5678', false], // no letters
  ])('%s -> %s', (local, separated) => {
    expect(sig(local).separated).toBe(separated);
  });
});

describe('localPartSignals: leet readings', () => {
  it.each([
    ['tw1st3r', 'word'], // a stylised word
    ['k4t1e.smith', 'name'],
    ['b3n7ley', 'name'],
    ['m1ch43l', 'name'], // two digits in a row
    ['l30n0ra', 'name'],
    ['a13x1s', 'name'], // a 1 for l and a 1 for i
  ])('%s is read with its digits as letters: every letter spelled, no digit left (%s)', (local) => {
    const s = sig(local);
    expect(s.uncoveredShare).toBe(0);
    expect(s.digitCount).toBe(0);
    expect(s.letterDigitSwitches).toBe(0);
    expect(s.nameScore + s.wordShare).toBeGreaterThanOrEqual(0.8);
  });

  it('reads a first.last name written in leet as first.last', () => {
    expect(sig('k4t1e.smith').shape).toBe('first.last');
    expect(sig('k4t1e.smith').nameScore).toBe(1);
  });

  it('shows the service word a leet spelling hides', () => {
    expect(sig('supp0rt.desk').serviceShare).toBeGreaterThan(0.5);
    expect(sig('micr0s0ft.help').serviceShare).toBeGreaterThan(0.5);
  });

  it.each([
    ['rnicrosoft', 1],
    ['paypa1', 1],
    ['vvalmart.billing', 1],
  ])('shows the brand or desk a look-alike spelling hides: %s', (local, share) => {
    expect(sig(local).serviceShare).toBe(share);
  });

  it.each([
    'bernard.smith', // rn, cl and a final digit in people's own names reveal no service word
    'clara.berg',
    'arnold1',
    'anna.kornblum',
  ])('%s is read as written', (local) => {
    expect(sig(local).serviceShare).toBe(0);
    expect(sig(local).nameScore).toBeGreaterThan(0.5);
  });

  it.each([
    'x7k2p9q4', // random letters and digits stay random
    'q3zx8vkw',
    '1pc4n3dd', // a leading digit: a generated token
    'k9w2e4ra', // a 2 between letters left over
    'anna.berg84', // digits after a name are no leet
    'li3ming', // the plain reading spells it already (pinyin), the leet one no better
  ])('%s keeps its plain reading', (local) => {
    const s = sig(local);
    expect(s.digitCount).toBeGreaterThan(0);
  });
});

describe('localPartSignals: a Chinese family name with a given name\'s initials (pinyin-initials.ts)', () => {
  it.each(['zhangxy', 'xyzhang', 'wangxl88', 'chenjh'])('%s reads as a name and two initials: nothing unexplained, no odd spelling', (local) => {
    const s = sig(local);
    expect(s.uncoveredShare).toBe(0);
    expect(s.nameScore).toBeGreaterThan(0.8);
    expect(-s.ngramLogLik).toBeLessThan(4.5);
    expect(s.tailLogLik).toBe(0);
  });

  it.each(['zhangxyz', 'kw2zhangxy'])('%s keeps its letters unexplained', (local) => {
    expect(sig(local).uncoveredShare).toBeGreaterThan(0);
  });

  it('leaves a western name with letters appended its odd ending ("parsonwm": no Mandarin syllable)', () => {
    expect(sig('parsonwm').tailLogLik).toBeLessThan(-5);
  });
});

describe('localPartSignals: family names that are service words (Census 2010, preferFamilyName)', () => {
  // Made-up people whose family name is also a service word, or holds one.
  it.each(['emma.officer', 'sarahwinner', 'j.chambers', 'tom_banks84', 'winner.sarah', 'lena.webster', 'maxfairbanks', 'k.stafford'])(
    '%s reads as a name',
    (local) => {
      const s = sig(local);
      expect(s.serviceShare).toBe(0);
      expect(s.nameScore).toBeGreaterThan(0.85); // an initial counts half
    },
  );

  it.each([
    ['officer', 1], // alone, no given name beside it
    ['claims.officer', 1],
    ['prize.winner', 1],
    ['anna.billing', 0.64], // a desk that is a mailbox of its own
    ['paypal.billing', 1],
    ['support.desk', 1],
    ['helpdesk.admin', 1],
    ['security.noreply', 1],
  ])('%s keeps its service words', (local, share) => {
    expect(sig(local).serviceShare).toBeCloseTo(share, 1);
  });
});
