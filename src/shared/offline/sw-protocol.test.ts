import { describe, expect, it } from 'vitest';
import { apiCacheName, isOfflineCachedApiPath } from './sw-protocol.ts';

describe('isOfflineCachedApiPath', () => {
  it.each(['users/me', 'tables', 'tables/CostosDirectos', 'tables/CostosDirectos/totals', 'documents', 'documents/12', 'documents/12/progress'])('keeps %s for offline use', (path) => {
    expect(isOfflineCachedApiPath(path)).toBe(true);
  });

  it.each(['auth/login', 'auth/logout', 'documents/upload', 'documents/12/file', 'tables/CostosDirectos/export', 'users', 'health'])(
    'never caches %s',
    (path) => {
      expect(isOfflineCachedApiPath(path)).toBe(false);
    },
  );

  it('names one cache per user', () => {
    expect(apiCacheName('7')).not.toBe(apiCacheName('8'));
  });
});
