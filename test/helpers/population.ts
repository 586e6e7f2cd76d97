/** Labelled stand-ins for the learning tests (synthetic: never addresses from the eval set). */

const FIRST = ['emma', 'liam', 'olivia', 'noah', 'ava', 'lucas', 'mia', 'amara', 'kenji', 'sofia', 'mateo', 'leila', 'ravi', 'chloe', 'ines', 'tomas'];
const LAST = ['smith', 'garcia', 'okafor', 'tanaka', 'novak', 'silva', 'khan', 'muller', 'rossi', 'dubois', 'larsen', 'kowalski'];

/**
 * Deterministic stand-ins for the two populations: name-shaped inboxes and generated strings,
 * `realPerFake` real people to each fake (1: alternating).
 */
export function population(n: number, realPerFake = 1): { email: string; human: boolean }[] {
  let seed = 7;
  const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const out: { email: string; human: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    if (i % (realPerFake + 1) !== realPerFake) {
      out.push({ email: `${pick(FIRST)}.${pick(LAST)}${i}@${pick(['gmail.com', 'outlook.com', 'yahoo.com'])}`, human: true });
    } else {
      const junk = Array.from({ length: 10 }, () => 'bcdfghjklmnpqrstvwxz0123456789'[Math.floor(rnd() * 30)]).join('');
      out.push({ email: `${junk}@${pick(['gmail.com', 'outlook.com', 'yahoo.com'])}`, human: false });
    }
  }
  return out;
}
