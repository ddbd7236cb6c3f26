import type { Box, PageContent } from '../types.ts';
import type { EngineSettings } from '../settings.ts';
import { chunksToLines, type TextLine } from './chunks-to-lines.ts';

/**
 * Running heads and feet: the first or last line of a page that comes back on other pages at the
 * same height, with the same words and a number that moves with the page (`10 Linear Models`,
 * `Página 3 de 5`). A table at the top of a page is not continued upwards into its running head;
 * a heading row a spreadsheet repeats over each page of a table carries no page number, so it is
 * not one. A head with no number (a man page's `CURL(1)  curl Manual  CURL(1)`) is told by its
 * mirror: it opens and closes with the same phrase, which no table's heading row does. Read over
 * the whole document, since one page cannot tell a head from a title.
 */

interface EdgeLine {
  page: number;
  line: TextLine;
  /** The words, each run of digits as `#`, a bare number left out: a head's page number changes sides on facing pages. */
  pattern: string;
  numbers: number[];
}

/** Appends to a key's list (no copy of the list per page: a long document has hundreds). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const text = (l: TextLine): string => l.words.map((w) => w.text).join(' ');

/** The page's first and last lines (one line when the page has one). */
function edgeLines(page: PageContent, settings: EngineSettings): TextLine[] {
  const words = page.chunks.filter((c) => c.upright !== false && c.text.trim());
  if (!words.length) return [];
  let top = Infinity;
  let bottom = -Infinity;
  for (const w of words) {
    top = Math.min(top, w.y0);
    bottom = Math.max(bottom, w.y1);
  }
  // Only the words near either edge: a line is at most a few sizes tall.
  const near = words.filter((w) => w.y0 - top <= 3 * w.size || bottom - w.y1 <= 3 * w.size);
  const lines = chunksToLines(near, settings.lines);
  if (!lines.length) return [];
  const first = lines.reduce((a, b) => (b.y0 < a.y0 ? b : a));
  const last = lines.reduce((a, b) => (b.y1 > a.y1 ? b : a));
  return first === last ? [first] : [first, last];
}

/**
 * Two lines of different pages are one running line: same words at the same height, one number
 * moving with the page and every other number the same (`Página 2 de 5`, `Página 4 de 5`). A
 * table's last row on each page differs in its amounts too.
 */
function sameRunning(a: EdgeLine, b: EdgeLine, settings: EngineSettings): boolean {
  if (a.pattern !== b.pattern || a.numbers.length !== b.numbers.length) return false;
  if (Math.abs(a.line.yc - b.line.yc) > settings.lines.sameLineEm * Math.min(a.line.size, b.line.size)) return false;
  const step = b.page - a.page;
  const moved = a.numbers.filter((n, i) => b.numbers[i] !== n);
  return moved.length === 1 && a.numbers.some((n, i) => b.numbers[i]! - n === step);
}

const phraseText = (words: readonly { text: string }[]): string => words.map((w) => w.text).join(' ');

/** A line that opens and closes with the same phrase, apart: `NAME(1)  Manual  NAME(1)`. */
function isMirrored(line: TextLine): boolean {
  const first = line.phrases[0];
  const last = line.phrases[line.phrases.length - 1];
  return line.phrases.length >= 2 && first !== undefined && last !== undefined && phraseText(first.words) === phraseText(last.words);
}

/**
 * Mirrored first or last lines repeated word for word at the same height on `runningLinePages`
 * pages: running heads with no number to move.
 */
function mirroredLines(pages: readonly PageContent[], edges: readonly TextLine[][], settings: EngineSettings): { page: number; line: TextLine }[] {
  const byText = new Map<string, { page: number; line: TextLine }[]>();
  for (const [k, page] of pages.entries()) {
    for (const line of edges[k]!) {
      if (!isMirrored(line)) continue;
      const t = text(line);
      pushTo(byText, t, { page: page.page, line });
    }
  }
  const tol = (a: TextLine, b: TextLine) => settings.lines.sameLineEm * Math.min(a.size, b.size);
  return [...byText.values()].flatMap((group) =>
    group.filter((e) => group.filter((o) => Math.abs(o.line.yc - e.line.yc) <= tol(e.line, o.line)).length >= settings.stream.runningLinePages),
  );
}

/** For each page, the boxes of its running heads and feet. */
export function runningLines(pages: readonly PageContent[], settings: EngineSettings): Map<number, Box[]> {
  const out = new Map<number, Box[]>();
  if (pages.length < settings.stream.runningLinePages) return out;
  const byPattern = new Map<string, EdgeLine[]>();
  // Each page's first and last lines, built once for both searches (issue 14: they were built twice).
  const edges = pages.map((page) => edgeLines(page, settings));
  for (const [k, page] of pages.entries()) {
    for (const line of edges[k]!) {
      const t = text(line);
      const numbers = (t.match(/\d+/g) ?? []).map(Number);
      if (!numbers.length) continue;
      const pattern = t.replace(/\d+/g, '#').split(' ').filter((w) => w !== '#').join(' ');
      const e: EdgeLine = { page: page.page, line, pattern, numbers };
      pushTo(byPattern, e.pattern, e);
    }
  }
  for (const e of mirroredLines(pages, edges, settings)) {
    const { x0, y0, x1, y1 } = e.line;
    pushTo(out, e.page, { x0, y0, x1, y1 });
  }
  for (const group of byPattern.values()) {
    for (const e of group) {
      const repeats = group.filter((o) => o === e || sameRunning(e, o, settings)).length;
      if (repeats < settings.stream.runningLinePages) continue;
      const { x0, y0, x1, y1 } = e.line;
      pushTo(out, e.page, { x0, y0, x1, y1 });
    }
  }
  return out;
}
