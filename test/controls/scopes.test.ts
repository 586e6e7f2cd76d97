import { describe, expect, it } from 'vitest';
import { parseScopes } from '../../src/controls/scopes.ts';

describe('parseScopes', () => {
  it.each([
    ['check', ['check']],
    ['admin, CHECK ,check', ['check', 'admin']],
    ['read,feedback,admin,check', ['check', 'feedback', 'read', 'admin']],
  ])('%s', (raw, scopes) => {
    expect(parseScopes(raw)).toEqual({ ok: true, scopes });
  });

  it.each([
    ['', 'scopes: must name at least one of check, feedback, read, admin'],
    [' , ', 'scopes: must name at least one of check, feedback, read, admin'],
    ['check,write', 'scopes: "write" is not a scope (one of check, feedback, read, admin)'],
  ])('refuses %j', (raw, error) => {
    expect(parseScopes(raw)).toEqual({ ok: false, error });
  });
});
