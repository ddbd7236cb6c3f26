import { describe, expect, it } from 'vitest';
import { canonicalUrl, isApiPath } from './canonical-url.ts';

describe('canonicalUrl', () => {
  it.each([
    ['/api/users', '/api/users'],
    ['/%61pi/users', '/api/users'],
    ['/%61%70%69/users', '/api/users'],
    ['//api//users', '/api/users'],
    ['/api/./users', '/api/users'],
    ['/x/../api/users', '/api/users'],
    ['/x/%2e%2E/api/users', '/api/users'],
    ['/../../api/users', '/api/users'],
    ['/api%2fusers', '/api/users'],
    ['/api%5Cusers', '/api/users'],
    ['/api\\users', '/api/users'],
    ['/api/users/', '/api/users/'],
    ['/api/users/..', '/api/'],
    ['/', '/'],
    ['', '/'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalUrl(raw)).toBe(canonical);
  });

  it('leaves the query string and meaningful escapes alone', () => {
    expect(canonicalUrl('/api/tables/X?search=a%2Fb&x=..%2f')).toBe('/api/tables/X?search=a%2Fb&x=..%2f');
    // %25 is "%": decoding it would let %252f become a slash on a second pass.
    expect(canonicalUrl('/a%252fb%20c')).toBe('/a%252fb%20c');
  });
});

describe('isApiPath', () => {
  it('is true for /api and below, any case, and for nothing that merely starts with the letters', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/API/users?x=1')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/dashboard/api')).toBe(false);
  });
});
