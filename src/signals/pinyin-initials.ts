/**
 * A Chinese family name glued to the initials of the given name: `zhangxy`, `xywang`. Mainland
 * Chinese users romanise their name in Hanyu Pinyin (ISO 7098) and commonly shorten the given
 * name, one or two syllables, to its syllables' initials beside the full family name, in either
 * order (the same habit that gives `lzh`-style all-initials handles, local-part.ts). Letter by
 * letter such a run reads as a name with two random letters appended ("parsonwm"), which is how
 * farms make a name unique, so the spelling columns call it random. The reading here is taken only
 * where the family name is a listed family name that is one Mandarin syllable, and the two letters
 * are consonants that begin Mandarin syllables; a western name ("parson", "anna") is no Mandarin
 * syllable, so farms' name + letters keep their reading. Pure.
 */
import { lookupToken, LAST, type TokenTrie } from './token-trie.ts';

/**
 * Mandarin syllable structure: optional initial + final (Hanyu Pinyin, tone marks dropped); also
 * the test scripts/name-lists-source.ts applies to the syllables it adds to the lists.
 */
export const PINYIN_SYLLABLE = /^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|er|ia|ie|iu|in|ua|uo|ui|un|ue|a|e|i|o|u|v)$/;

/** The letters that begin Mandarin syllables (zh, ch, sh are written z, c, s as initials). */
const PINYIN_INITIAL = new Uint8Array(128);
for (const c of 'bpmfdtnlgkhjqxrzcsyw') PINYIN_INITIAL[c.charCodeAt(0)] = 1;
/** Initials of a given name: one or two syllables (one initial alone is an edge initial already). */
const GIVEN_INITIALS = 2;
/**
 * Family names of two letters (Li, Wu, Xu, Ma, He) are common, but two letters of a Mandarin
 * syllable's shape turn up in any string ("ymbi", "wwde" in generated tokens, "mads" in a Danish
 * name): only a family name of three or more letters is read.
 */
const FAMILY_MIN = 3;

/**
 * Where the family name stands in body[start, end), when the run is a listed family name of one
 * Mandarin syllable (3+ letters) with the two initials of a given name before or after it, and
 * the run is the body's only letters, with at most a number after it (`zhangxy`, `xywang88`;
 * letters among digits are a generated token's): [from, to) of the family name; undefined
 * otherwise.
 */
export function familyNameWithInitials(body: string, start: number, end: number, trie: TokenTrie): readonly [from: number, to: number] | undefined {
  const family = end - start - GIVEN_INITIALS;
  if (family < FAMILY_MIN || start !== 0) return undefined;
  for (let k = end; k < body.length; k++) if (body.charCodeAt(k) < 48 || body.charCodeAt(k) > 57) return undefined;
  const initialsAt = (at: number) => PINYIN_INITIAL[body.charCodeAt(at)] === 1 && PINYIN_INITIAL[body.charCodeAt(at + 1)] === 1;
  const isFamily = (from: number, to: number) => {
    const s = body.slice(from, to);
    return PINYIN_SYLLABLE.test(s) && (lookupToken(trie, s) & LAST) !== 0;
  };
  if (initialsAt(end - GIVEN_INITIALS) && isFamily(start, end - GIVEN_INITIALS)) return [start, end - GIVEN_INITIALS];
  if (initialsAt(start) && isFamily(start + GIVEN_INITIALS, end)) return [start + GIVEN_INITIALS, end];
  return undefined;
}
