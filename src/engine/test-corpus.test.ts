import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpusDir } from './test-corpus.ts';

describe('corpusDir', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails a CI run whose corpus is missing', () => {
    vi.stubEnv('CI', 'true');
    expect(() => corpusDir('no-such-set')).toThrow(/Corpus missing: .*no-such-set/);
  });

  it('skips with a warning outside CI', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(corpusDir('no-such-set')).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('skipped'));
  });
});
