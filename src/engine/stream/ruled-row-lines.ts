import type { Segment } from '../types.ts';
import type { Phrase, TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isDate, isNumeric } from './text-kinds.ts';
import { wordsText } from '../text/words-text.ts';
import { keepsToColumns, type Band } from './column-bands.ts';
import { isSizeBreak } from './size-breaks.ts';

/**
 * A long label and a figure or date at the end of the line, with a rule drawn across the line just
 * above it and another just below (issue 10's first class, decision 018): a row of a table ruled
 * between its rows, whatever the label's length. A two-column table of long descriptions and
 * dates read such rows as prose and ended the table at each.
 */

const textOf = (p: Phrase): string => wordsText(p.words);
const isValuePhrase = (p: Phrase): boolean => isDate(textOf(p)) || p.words.every((w) => /\d/.test(w.text) && isNumeric(w.text));

/** The page's horizontal rules, as segments. */
export function horizontalRules(segments: readonly Segment[]): Segment[] {
  return segments.filter((s) => s.orientation === 'h').sort((a, b) => a.y0 - b.y0);
}

/**
 * Horizontal pieces on one line, end to end, joined into one rule: a browser draws a row's border
 * cell by cell, each piece as wide as its cell.
 */
export function joinedRules(pieces: readonly Segment[], gap: number): Segment[] {
  const sorted = [...pieces].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const out: Segment[] = [];
  for (const p of sorted) {
    const last = out.find((r) => Math.abs(r.y0 - p.y0) <= gap && p.x0 <= r.x1 + gap && p.x1 >= r.x0 - gap);
    if (last) {
      last.x0 = Math.min(last.x0, p.x0);
      last.x1 = Math.max(last.x1, p.x1);
    } else out.push({ ...p });
  }
  return out;
}

export function isRuledRowLine(line: TextLine, rules: readonly Segment[], settings: StreamSettings): boolean {
  const rest = line.phrases.slice(1);
  if (rest.length === 0 || !rest.every(isValuePhrase)) return false;
  return isRuledAround(line, rules, (r) => r.x0 <= line.x0 + line.size && r.x1 >= line.x1 - line.size, settings);
}

/** A rule `across` above the line and one below it, each within `ruledRowReachEm` of its middle. */
function isRuledAround(line: TextLine, rules: readonly Segment[], across: (r: Segment) => boolean, settings: StreamSettings): boolean {
  const reach = settings.ruledRowReachEm * line.size;
  const above = rules.some((r) => across(r) && r.y0 < line.y0 && line.yc - r.y0 <= reach);
  const below = rules.some((r) => across(r) && r.y0 > line.y1 && r.y0 - line.yc <= reach);
  return above && below;
}

/**
 * A row of a table ruled row by row whose cells are all but empty (`Equipo de campo y otros
 * conceptos`, no figure, general 6015-13): the line under the last row, in its columns, with a rule
 * across the table between them and one closing it right under the line, as the last row has a
 * rule right above and below it.
 */
export function isRuledLastRow(block: readonly TextLine[], first: number, last: number, columns: readonly Band[], rules: readonly Segment[], settings: StreamSettings): boolean {
  const prev = block[last]!;
  const next = block[last + 1]!;
  if (rules.length === 0 || !keepsToColumns(next, columns, settings) || isSizeBreak(prev, next, Infinity, settings)) return false;
  const rows = block.slice(first, last + 1).filter((l) => l.phrases.length >= 2);
  const left = Math.min(...rows.map((l) => l.x0));
  const right = Math.max(...rows.map((l) => l.x1));
  const across = (r: Segment): boolean => r.x0 <= left + next.size && r.x1 >= right - next.size;
  const ruleBetween = (y0: number, y1: number): boolean => rules.some((r) => across(r) && r.y0 > y0 && r.y0 < y1);
  const after = block[last + 2];
  return (
    isRuledAround(prev, rules, across, settings) &&
    isRuledAround(next, rules, across, settings) &&
    ruleBetween(prev.y1, next.y0) &&
    (after === undefined || ruleBetween(next.y1, after.y0))
  );
}
