/** Builders for model tests: neutral signals with overrides. */
import type { AddressSignals } from '../../src/signals/address-signals.ts';
import type { LocalPartSignals } from '../../src/signals/local-part.ts';

export function addressOf(overrides: Partial<AddressSignals> = {}): AddressSignals {
  return {
    canonical: 'x@example.com',
    accountType: 'work',
    roleAccount: false,
    ownSiteMailbox: false,
    disposable: false,
    relay: false,
    free: false,
    school: false,
    popularProvider: false,
    plusTagged: false,
    dotsFolded: false,
    impossibleMailbox: false,
    numericAccount: false,
    government: false,
    mailService: false,
    generatedName: false,
    bulkSuffix: false,
    dottedAlias: false,
    unknownSuffix: false,
    documentationDomain: false,
    ...overrides,
  } as AddressSignals;
}

export function localOf(overrides: Partial<LocalPartSignals> = {}): LocalPartSignals {
  return {
    length: 8, letters: 8, nameScore: 0, wordShare: 0, serviceShare: 0, uncoveredShare: 0, uncoveredRunMax: 0,
    shape: 'other', ngramLogLik: -4, ngramLetters: 8, tailLogLik: -3, entropy: 3, digitCount: 0, digitRunMax: 0, trailingDigits: 0, digitShare: 0,
    yearSuffix: false, keyboardWalk: 0, repeatedChunks: 0, vowelShare: 0.4, consonantRunMax: 2, nonAscii: 0,
    honorific: false, letterDigitSwitches: 0, initialsLetters: 0, separated: false, digitRunMaxBeyondYear: overrides.digitRunMax ?? 0, randomTag: false, ...overrides,
  };
}

/** Park-Miller minimal standard generator in (0, 1): deterministic data across runs. */
export function parkMiller(seed: number): () => number {
  let s = seed % 2147483647;
  if (s <= 0) s += 2147483646;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}
