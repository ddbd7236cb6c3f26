import type { TextChunk } from '../types.ts';
import { CURRENCY_SIGN, opensAmount, type TextLine } from '../text/chunks-to-lines.ts';
import { columnAt, type River } from './lines-to-columns.ts';
import { isFigure, isNumeric } from './text-kinds.ts';

const mid = (w: TextChunk): number => (w.x0 + w.x1) / 2;

/**
 * Puts a line's words into columns. A phrase crossing a river is cut at a word gap inside the
 * river when it has one (two cells set too close); otherwise it is a spanning cell and goes whole
 * to the leftmost column it covers.
 */
/** Whether two lines fill a column in common (each given as the columns it fills). */
export function shareColumn(a: readonly boolean[], b: readonly boolean[]): boolean {
  return a.some((filled, c) => filled && b[c]);
}

export function lineToCells(line: TextLine, rivers: readonly River[]): TextChunk[][] {
  const cells: TextChunk[][] = Array.from({ length: rivers.length + 1 }, () => []);
  // Phrases started inside a river and given to the column right of it, by column.
  const fromRiver = new Map<number, TextChunk[]>();
  for (const phrase of line.phrases) {
    const cuts = line.phrases.length > 1 ? cutsAtRivers(phrase.words, rivers) : figureCuts(phrase.words, rivers);
    let start = 0;
    for (let i = 1; i <= phrase.words.length; i++) {
      if (i < phrase.words.length && !cuts.has(i)) continue;
      const piece = phrase.words.slice(start, i);
      const col = start === 0 ? phraseColumn(piece[0]!, rivers) : columnAt(mid(piece[0]!), rivers);
      if (start === 0 && cells[col]!.length === 0 && startsInRiver(piece[0]!, rivers)) fromRiver.set(col, piece);
      cells[col]!.push(...piece);
      start = i;
    }
  }
  // Two phrases of the line in one column, the first started in the river left of it, and nothing
  // of the line in the column left of that river: the first is that column's (a heading centred
  // over a wide column of short text, `Unidad` over `Bulto 50 kg`, sits in the gutter after it;
  // the next column has a heading of its own, `Cantidad`).
  for (const [col, piece] of fromRiver) {
    const cell = cells[col]!;
    if (col === 0 || cells[col - 1]!.length > 0 || cell.length === piece.length) continue;
    cells[col - 1] = piece;
    cells[col] = cell.slice(piece.length);
  }
  return cells;
}

const startsInRiver = (first: TextChunk, rivers: readonly River[]): boolean => rivers.some((r) => first.x0 > r.x0 && first.x0 < r.x1);

/**
 * The column of a phrase by its first word: a phrase starting inside a river belongs to the
 * column right of it (a header set left over right-aligned numbers, or wider than its column);
 * otherwise the column its first word's middle falls in.
 */
function phraseColumn(first: TextChunk, rivers: readonly River[]): number {
  const k = rivers.findIndex((r) => first.x0 > r.x0 && first.x0 < r.x1);
  return k >= 0 ? k + 1 : columnAt(mid(first), rivers);
}

/**
 * A line that is one phrase is a spanning cell (a section row, a note), except where the river
 * falls between two figures: a row of amounts a word space apart (`2026 14.574.360 20.043.555`)
 * is its cells set tight, since a cell never holds two amounts.
 */
function figureCuts(words: readonly TextChunk[], rivers: readonly River[]): Set<number> {
  const figure = (w: TextChunk): boolean => isNumeric(w.text) && /\d/.test(w.text);
  // So is an amount closed by its sign with words after it (`12.776,81 € Negozio`, a centred row),
  // a row's last figure set after its long label a wider space apart than the label's words
  // (`Escritório sul and related items  679,37`: the label's cell runs to the figure's), and a
  // figure opening the line a wider space before words (`200,5  Atendimento ao cliente y`: a
  // narrow figure column set tight before a text column, the row's other cells on other lines).
  const cuts = [...cutsAtRivers(words, rivers)].filter(
    (i) =>
      (figure(words[i - 1]!) && (figure(words[i]!) || CURRENCY_SIGN.test(words[i]!.text))) ||
      closesFigure(words, i - 1) ||
      opensNothing(words, i - 1) ||
      (i === 1 && figure(words[0]!) && !figure(words[1]!) && isWideSpace(words, 1)) ||
      (figure(words[i - 1]!) && spansRiver(words[i - 1]!, words[i]!, rivers)) ||
      (figure(words[i]!) && words.slice(i + 1).every((w) => CURRENCY_SIGN.test(w.text)) && isWideSpace(words, i)),
  );
  return new Set(cuts);
}

/** How far (× size) a gap's edges may fall inside a river and still be its edges. */
const RIVER_EDGE_EM = 0.1;

/**
 * The gap after a figure is a river's whole width: the figure ends where its column's figures
 * end, the next word starts where the next column's text starts (`49.968,24` | `and related
 * items`, a wrapped amount and a wrapped label sharing a line, a word space apart).
 */
function spansRiver(before: TextChunk, after: TextChunk, rivers: readonly River[]): boolean {
  const edge = RIVER_EDGE_EM * after.size;
  return rivers.some((r) => before.x1 <= r.x0 + edge && after.x0 >= r.x1 - edge && r.x1 > r.x0);
}

/** A gap this many times the line's usual word space parts two cells set tight. */
const WIDE_SPACE_RATIO = 1.5;
/** A proportional face's word space, × the size (Helvetica's and Arial's 0.278, Times' 0.25). */
const FACE_SPACE_EM = 0.28;

/** The space before word `i` is wider than the words' usual space (their median gap, that one left out). */
function isWideSpace(words: readonly TextChunk[], i: number): boolean {
  const gaps = words
    .slice(1)
    .map((w, k) => w.x0 - words[k]!.x1)
    .filter((_, k) => k + 1 !== i)
    .sort((a, b) => a - b);
  // Too few other spaces to tell the usual one (none: two words, `37.309,75 Pièces`): a
  // proportional face's space (a quarter em and a bit).
  const face = FACE_SPACE_EM * words[i]!.size;
  const usual = gaps.length >= 2 ? gaps[Math.floor(gaps.length / 2)]! : gaps.length === 1 ? Math.min(gaps[0]!, face) : face;
  return words[i]!.x0 - words[i - 1]!.x1 >= WIDE_SPACE_RATIO * usual;
}

/** For each river a phrase crosses, the word gap that overlaps it most (never after a "$"). */
function cutsAtRivers(words: readonly TextChunk[], rivers: readonly River[]): Set<number> {
  const cuts = new Set<number>();
  const first = words[0]!;
  const last = words[words.length - 1]!;
  for (const r of rivers) {
    // A phrase that ends inside the river runs long (a header wider than its figures): it crosses
    // nothing. Only one reaching past the river into the next column holds two cells.
    if (r.x1 <= first.x0 || r.x1 >= last.x1) continue;
    let best = 0;
    let bestOverlap = 0;
    for (let i = 1; i < words.length; i++) {
      const prev = words[i - 1]!;
      if (CURRENCY_SIGN.test(prev.text) && !closesFigure(words, i - 1) && !opensNothing(words, i - 1)) continue;
      const overlap = Math.min(words[i]!.x0, r.x1) - Math.max(prev.x1, r.x0);
      // On a tie the rightmost gap wins: a cell that overflows is the left one running long.
      if (overlap > 0 && overlap >= bestOverlap) {
        bestOverlap = overlap;
        best = i;
      }
    }
    if (best > 0) cuts.add(best);
  }
  return cuts;
}

/**
 * The sign at `k` is followed by a word it cannot open (`€ détachées`): it is the last line of a
 * wrapped amount's cell (`37.309,75` over `€`), and the word the next cell's.
 */
function opensNothing(words: readonly TextChunk[], k: number): boolean {
  const after = words[k + 1];
  return CURRENCY_SIGN.test(words[k]!.text) && after !== undefined && !opensAmount(after.text) && !CURRENCY_SIGN.test(after.text);
}

/**
 * The sign at `k` closes the figure before it (`44.091,46 € Ricambi`, Writer's tight padding):
 * the word after it is no figure the sign could open. (Not measured by the gaps either side: a
 * sign's box may carry the space after it.)
 */
function closesFigure(words: readonly TextChunk[], k: number): boolean {
  const [before, sign, after] = [words[k - 1], words[k]!, words[k + 1]];
  return !!before && !!after && CURRENCY_SIGN.test(sign.text) && isFigure(before.text) && !/\d/.test(after.text) && !CURRENCY_SIGN.test(after.text);
}
