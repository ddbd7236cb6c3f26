import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING } from '../../shared/paths.ts';
import { safeRedirect } from './safe-redirect.ts';

const ORIGIN = 'https://app.example';

describe('safeRedirect', () => {
  it('keeps a path of the app, its query and hash', () => {
    expect(safeRedirect('/dashboard/data?table=CostosDirectos', ORIGIN)).toBe('/dashboard/data?table=CostosDirectos');
    expect(safeRedirect('/dashboard/documents#x', ORIGIN)).toBe('/dashboard/documents#x');
  });

  it('never leaves the origin, however the path is spelled', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      '/\r\n/evil.example/x',
      '/\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /dashboard',
    ]) {
      const to = safeRedirect(target, ORIGIN);
      expect(new URL(to, ORIGIN).origin, JSON.stringify(target)).toBe(ORIGIN);
      expect(to, JSON.stringify(target)).toBe(DEFAULT_LANDING);
    }
  });

  it('does not send back to the login page or the root', () => {
    for (const target of ['/', '/login', '/LOGIN?x=1', '/login/../login', null, undefined, '']) {
      expect(safeRedirect(target, ORIGIN)).toBe(DEFAULT_LANDING);
    }
  });
});
