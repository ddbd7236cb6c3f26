import type { Box, TextChunk } from '../types.ts';

/** A gap of at least this fraction of the font size between two words means a space. */
export const SPACE_GAP_RATIO = 0.15;
/** Words whose vertical centres differ by less than this fraction of their size share a line. */
export const SAME_LINE_RATIO = 0.5;

// Han, Hiragana, Katakana, Hangul and CJK punctuation: these scripts write no spaces.
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

export interface TextLine extends Box {
  chunks: TextChunk[];
  text: string;
}

function centreY(b: Box): number {
  return (b.y0 + b.y1) / 2;
}

/** Joins words already on one line, left to right, with a space only where the gap asks for it. */
export function joinLineWords(words: readonly TextChunk[]): string {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  let out = '';
  let prev: TextChunk | undefined;
  for (const w of sorted) {
    if (prev) {
      const gap = w.x0 - prev.x1;
      const size = Math.max(1, Math.min(prev.size, w.size));
      const cjkPair = isCjk(out.slice(-1)) && isCjk(w.text.charAt(0));
      if (!cjkPair && gap >= SPACE_GAP_RATIO * size) out += ' ';
    }
    out += w.text;
    prev = w;
  }
  return out;
}

/**
 * Groups words into lines (top to bottom), each line's words left to right. A word joins the
 * line whose vertical centre is within half its size of its own.
 */
export function groupLines(words: readonly TextChunk[]): TextLine[] {
  const sorted = [...words].sort((a, b) => centreY(a) - centreY(b) || a.x0 - b.x0);
  const lines: { chunks: TextChunk[]; cy: number; size: number }[] = [];
  for (const w of sorted) {
    const cy = centreY(w);
    const last = lines[lines.length - 1];
    if (last && Math.abs(cy - last.cy) < SAME_LINE_RATIO * Math.max(1, Math.min(last.size, w.size))) {
      last.chunks.push(w);
      // Running mean keeps a long line from drifting on one raised glyph.
      last.cy += (cy - last.cy) / last.chunks.length;
      last.size = Math.max(last.size, w.size);
    } else {
      lines.push({ chunks: [w], cy, size: w.size });
    }
  }
  return lines.map(({ chunks }) => ({
    chunks,
    text: joinLineWords(chunks),
    x0: Math.min(...chunks.map((c) => c.x0)),
    y0: Math.min(...chunks.map((c) => c.y0)),
    x1: Math.max(...chunks.map((c) => c.x1)),
    y1: Math.max(...chunks.map((c) => c.y1)),
  }));
}

/** Text of a block of words in reading order: lines top to bottom joined by a space. */
export function joinWords(words: readonly TextChunk[], lineSeparator = ' '): string {
  const lines = groupLines(words);
  let out = '';
  for (const line of lines) {
    if (!out) {
      out = line.text;
      continue;
    }
    // CJK lines continue without a separator; a trailing hyphen is kept as written.
    const sep = isCjk(out.slice(-1)) && isCjk(line.text.charAt(0)) ? '' : lineSeparator;
    out += sep + line.text;
  }
  return out;
}
