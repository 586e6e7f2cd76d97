import { describe, expect, it } from 'vitest';
import { isDnsName } from '../../src/dns/domain-facts.ts';

describe('isDnsName', () => {
  it.each(['example.com', 'xn--bcher-kva.example', 'a.b.c.d', 'mail_in.example.org', 'localhost', `${'a'.repeat(63)}.com`, '1.2.3.4'])('accepts %s', (n) => {
    expect(isDnsName(n)).toBe(true);
  });
  it.each(['', 'a..b', '.a', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}ab`, 'outlook,com', 'gmail.com>', '-a.com', 'a-.com', 'a b.com', '[1.2.3.4]'])(
    'refuses %s',
    (n) => {
      expect(isDnsName(n)).toBe(false);
    },
  );
});
