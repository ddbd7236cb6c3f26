import { describe, expect, it } from 'vitest';
import { ReviewAnswers } from './review-answers.ts';

/** A build that finishes when `release` is called, counting its runs. */
function gatedBuild(text: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const build = { runs: 0, release: () => release(), fn: async () => (build.runs++, await gate, text) };
  return build;
}

describe('ReviewAnswers', () => {
  it('builds a version once, however many ask at once, and keeps it until the version changes', async () => {
    const answers = new ReviewAnswers();
    const b = gatedBuild('v1');
    const asked = Array.from({ length: 5 }, () => answers.answer(1, 'a', b.fn));
    b.release();
    const bodies = await Promise.all(asked);
    expect(b.runs).toBe(1);
    for (const body of bodies) expect(body.toString()).toBe('v1');
    // Kept: the same bytes, no build.
    expect(await answers.answer(1, 'a', async () => 'never')).toBe(bodies[0]);
    // Another version is built again.
    expect((await answers.answer(1, 'b', async () => 'v2')).toString()).toBe('v2');
  });

  it('runs one build at a time, eight wait, the next gets 503 SERVER_BUSY in Spanish', async () => {
    const answers = new ReviewAnswers();
    const first = gatedBuild('x');
    const running = answers.answer(1, 'a', first.fn);
    const waiting = Array.from({ length: 8 }, (_, i) => answers.answer(2 + i, 'a', async () => `d${i}`));
    await expect(answers.answer(99, 'a', async () => 'no')).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVER_BUSY',
      spanish: 'El servidor está ocupado. Intenta de nuevo en unos momentos.',
    });
    first.release();
    await running;
    expect((await Promise.all(waiting)).map(String)).toEqual(Array.from({ length: 8 }, (_, i) => `d${i}`));
  });

  it('keeps at most its byte budget, dropping the least recently used', async () => {
    const answers = new ReviewAnswers(10);
    await answers.answer(1, 'a', async () => '12345');
    await answers.answer(2, 'a', async () => '12345');
    await answers.answer(1, 'a', async () => 'rebuilt'); // a hit: 1 is now the most recent
    await answers.answer(3, 'a', async () => '12345'); // over budget: 2 goes
    expect((await answers.answer(1, 'a', async () => 'rebuilt')).toString()).toBe('12345');
    expect((await answers.answer(2, 'a', async () => 'rebuilt')).toString()).toBe('rebuilt');
  });

  it('a failed build is not kept', async () => {
    const answers = new ReviewAnswers();
    await expect(answers.answer(1, 'a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await answers.answer(1, 'a', async () => 'ok')).toString()).toBe('ok');
  });
});
