import { describe, expect, it } from 'vitest';
import { isDocumentationDomain } from '../../src/signals/documentation-domain.ts';

describe('isDocumentationDomain', () => {
  it.each([
    ['example.com', true],
    ['example.net', true],
    ['example.org', true],
    ['mail.example.com', true],
    ['a.b.example.org', true],
    ['myexample.com', false],
    ['example.co.uk', false],
    ['example.com.au', false],
    ['example.edu', false],
    ['examples.com', false],
    ['example-firm.com', false],
  ] as const)('%s -> %s', (domain, expected) => {
    expect(isDocumentationDomain(domain)).toBe(expected);
  });
});
