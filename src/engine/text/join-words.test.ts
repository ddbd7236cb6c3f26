import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../types.ts';
import { DEFAULT_SETTINGS, resolveSettings } from '../settings.ts';
import { chunksToLines } from './chunks-to-lines.ts';
import { contextAbove } from './context.ts';
import { joinLineWords, joinWords } from './join-words.ts';

const lineSettings = DEFAULT_SETTINGS.lines;

function word(text: string, x0: number, y: number, size = 10, width = text.length * 5): TextChunk {
  return { text, x0, x1: x0 + width, y0: y - 0.8 * size, y1: y + 0.2 * size, size, upright: true };
}

describe('joinLineWords', () => {
  it('puts a space only where the gap is at least 0.15 × the font size', () => {
    // "Valor" ends at 25; "total" starts 3 pt later (≥ 1.5 pt); "es" starts 0.5 pt after it.
    const words = [word('Valor', 0, 10), word('total', 28, 10), word('es', 53.5, 10)];
    expect(joinLineWords(words)).toBe('Valor totales');
  });

  it('orders words left to right whatever order they arrive in', () => {
    expect(joinLineWords([word('b', 20, 10), word('a', 0, 10)])).toBe('a b');
  });

  it('joins CJK characters without spaces even across gaps', () => {
    expect(joinLineWords([word('株主', 0, 10, 10, 20), word('資本', 25, 10, 10, 20)])).toBe('株主資本');
  });

  it('reads the CJK pair from the text built so far: a space written, or an empty word, between them', () => {
    // 日 then a wide gap: a space before 本 is not written (a CJK pair); after `a`, it is.
    expect(joinLineWords([word('日', 0, 100, 10, 10), word('本', 30, 100, 10, 10), word('a', 60, 100, 10, 5), word('語', 90, 100, 10, 10)])).toBe('日本 a 語');
    // An empty word set tight after 日 adds nothing: 日 still decides the pair with 本.
    expect(joinLineWords([word('日', 0, 100, 10, 10), word('', 10.5, 100, 10, 0), word('本', 40, 100, 10, 10)])).toBe('日本');
  });
});

describe('joinWords', () => {
  it('orders lines top to bottom and joins them with the separator', () => {
    const words = [word('segunda', 0, 30), word('primera', 0, 10), word('línea', 40, 10)];
    const lines = chunksToLines(words, lineSettings);
    expect(lines.map((l) => joinLineWords(l.words))).toEqual(['primera línea', 'segunda']);
    expect(joinWords(words, lineSettings)).toBe('primera línea segunda');
  });

  it('keeps a slightly raised word on its line', () => {
    const words = [word('Área', 0, 10), word('(ha)', 25, 8.5)];
    expect(chunksToLines(words, lineSettings)).toHaveLength(1);
    expect(joinWords(words, lineSettings)).toBe('Área (ha)');
  });
});

describe('contextAbove', () => {
  it('returns up to n lines above the box, nearest last, ignoring text beside it', () => {
    const chunks = [
      word('Lejos', 0, 10),
      word('COSTOS', 0, 40),
      word('DIRECTOS', 40, 40),
      word('Subtítulo', 0, 55),
      word('Al', 400, 55), // beside the table, far to the right
      word('Dentro', 0, 80), // inside the table
    ];
    const box = { x0: 0, y0: 60, x1: 200, y1: 120 };
    expect(contextAbove(chunks, box, resolveSettings({ context: { lines: 2 } }), { maxDistance: 40 })).toEqual(['COSTOS DIRECTOS', 'Subtítulo']);
  });
});
