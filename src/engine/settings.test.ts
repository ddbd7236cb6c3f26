import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings, SETTING_RULES, SettingsError } from './settings.ts';

/** The SettingsError `run` throws. */
function refusal(run: () => unknown): SettingsError {
  try {
    run();
  } catch (err) {
    if (err instanceof SettingsError) return err;
    throw err;
  }
  throw new Error('no SettingsError');
}

describe('resolveSettings', () => {
  it('gives the defaults, frozen, when nothing is overridden', () => {
    const s = resolveSettings();
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.stream)).toBe(true);
    expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps today’s tolerances as the defaults', () => {
    expect(DEFAULT_SETTINGS.lines).toEqual({ sameLineEm: 0.4, superscriptSizeShare: 0.8, phraseGapEm: 0.75, signGapEm: 8, suffixSignRatio: 2, justifiedRunGaps: 2, justifiedGapSpreadEm: 0.1, justifiedMaxGapEm: 3, justifiedNextLineEm: 1.6 });
    expect(DEFAULT_SETTINGS.lattice).toMatchObject({ snapTolerancePt: 3, joinTolerancePt: 3, minRows: 2, minCols: 2, useFillEdges: false, maxEdges: 3000 });
    expect(DEFAULT_SETTINGS.stream).toMatchObject({ regionGapEm: 2.6, minTableRows: 3, minRiverEm: 0.15, narrowRiverEm: 0.08, crossingGapEm: 3, ruledRowShare: 0.7, ruledRowMinBands: 4, ruledRowReachEm: 2 });
    expect(DEFAULT_SETTINGS.context).toEqual({ lines: 3, sideSlackShare: 0.1, latticeMaxPt: 60, streamMaxEm: 8 });
    expect(DEFAULT_SETTINGS.hybrid).toMatchObject({ headerFenceGapPt: 0.5, wrappedStartEm: 1 });
  });

  it('accepts every default (no default outside its own range)', () => {
    const all = Object.fromEntries(Object.entries(SETTING_RULES).map(([g, rules]) => [g, Object.fromEntries(Object.entries(rules).map(([k, r]) => [k, r.value]))]));
    expect(resolveSettings(all)).toEqual(DEFAULT_SETTINGS);
  });

  it('merges a partial override over the defaults, leaving the rest and the defaults alone', () => {
    const s = resolveSettings({ stream: { regionGapEm: 4 }, lattice: { useFillEdges: true } });
    expect(s.stream.regionGapEm).toBe(4);
    expect(s.stream.minTableRows).toBe(DEFAULT_SETTINGS.stream.minTableRows);
    expect(s.lattice.useFillEdges).toBe(true);
    expect(s.lines).toBe(DEFAULT_SETTINGS.lines);
    expect(DEFAULT_SETTINGS.stream.regionGapEm).toBe(2.6);
  });

  it('refuses an unknown group or key, naming it in Spanish', () => {
    expect(refusal(() => resolveSettings({ stream: { foo: 1 } }))).toMatchObject({ message: 'Ajuste desconocido: stream.foo', key: 'stream.foo' });
    expect(refusal(() => resolveSettings({ tables: { minRows: 1 } })).message).toBe('Ajuste desconocido: tables');
    // Names an object has through its prototype are not settings.
    expect(refusal(() => resolveSettings(JSON.parse('{"lines": {"toString": 1}}'))).message).toBe('Ajuste desconocido: lines.toString');
  });

  it('refuses values that are not finite numbers', () => {
    expect(refusal(() => resolveSettings({ stream: { regionGapEm: Number.NaN } })).message).toBe(
      'Ajuste stream.regionGapEm: debe ser un número mayor o igual que 0 (se recibió NaN).',
    );
    expect(refusal(() => resolveSettings({ lattice: { snapTolerancePt: Infinity } })).key).toBe('lattice.snapTolerancePt');
    expect(refusal(() => resolveSettings({ lines: { sameLineEm: '0.5' } })).message).toContain('(se recibió "0.5")');
    expect(refusal(() => resolveSettings({ lattice: { useFillEdges: 1 } })).message).toBe('Ajuste lattice.useFillEdges: debe ser true o false (se recibió 1).');
  });

  it('refuses values out of range: negative lengths, shares over 1, fractional or too small counts', () => {
    expect(refusal(() => resolveSettings({ lattice: { joinTolerancePt: -1 } })).key).toBe('lattice.joinTolerancePt');
    expect(refusal(() => resolveSettings({ stream: { alignedShare: 1.5 } })).message).toContain('entre 0 y 1');
    expect(refusal(() => resolveSettings({ stream: { bridgeShare: 1 } })).message).toContain('menor que 1');
    expect(refusal(() => resolveSettings({ stream: { minTableRows: 1 } })).message).toContain('entero mayor o igual que 2');
    expect(refusal(() => resolveSettings({ lattice: { minCols: 2.5 } })).key).toBe('lattice.minCols');
    expect(refusal(() => resolveSettings({ hybrid: { sameSizeRatio: 0.9 } })).key).toBe('hybrid.sameSizeRatio');
  });

  it('refuses settings that are not groups of values', () => {
    expect(refusal(() => resolveSettings([])).message).toMatch(/^Los ajustes deben ser un objeto JSON/);
    expect(refusal(() => resolveSettings({ stream: 3 })).key).toBe('stream');
  });
});
