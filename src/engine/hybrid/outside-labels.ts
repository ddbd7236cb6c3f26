import type { LatticeCandidate } from '../lattice/find-lattice-tables.ts';
import type { EngineSettings } from '../settings.ts';
import { joinWords } from '../text/join-words.ts';
import type { Box, PageContent, TextChunk } from '../types.ts';
import { unionBox } from '../geometry.ts';
import { median } from '../median.ts';

/**
 * Row labels set left of a ruled grid whose rules are drawn round the figures only (a report or a
 * spreadsheet that rules the values and leaves the names column bare). The rules give the rows;
 * the words left of the grid, one left-aligned phrase in each of most of its rows, are the column
 * the rules left out. Anything else beside the grid (prose, a note, a second table, a phrase
 * crossing the grid's edge or falling between its rows) leaves the grid as it is.
 */
export function withOutsideLabels(c: LatticeCandidate, page: PageContent, others: readonly Box[], settings: EngineSettings): LatticeCandidate {
  const b = c.grid.bbox;
  const m = settings.lattice.insideMarginPt;
  const beside = page.chunks.filter((w) => {
    const yc = (w.y0 + w.y1) / 2;
    return w.upright !== false && w.text.trim() !== '' && yc > b.y0 && yc < b.y1 && w.x0 < b.x0 - m;
  });
  const inOther = (w: TextChunk) => others.some((o) => o !== b && w.x0 >= o.x0 - m && w.x1 <= o.x1 + m && w.y0 >= o.y0 - m && w.y1 <= o.y1 + m);
  if (!beside.length || beside.some((w) => w.x1 > b.x0 + m || inOther(w))) return c;
  const size = median(c.words.map((w) => w.size)) ?? median(beside.map((w) => w.size))!;
  if (b.x0 - Math.max(...beside.map((w) => w.x1)) > settings.hybrid.outsideLabelGapEm * size) return c;
  // Each word in the band of one grid row (the rows' own boxes: re-read rows included).
  const bands = c.boxes.map((row) => row.find((x): x is Box => x !== null));
  const labels: TextChunk[][] = c.rows.map(() => []);
  for (const w of beside) {
    const yc = (w.y0 + w.y1) / 2;
    const r = bands.findIndex((band) => band !== undefined && yc > band.y0 && yc < band.y1);
    if (r < 0) return c;
    labels[r]!.push(w);
  }
  const labelled = labels.filter((l) => l.length > 0);
  const textRows = c.rows.filter((row) => row.some((t) => t.trim())).length;
  if (labelled.length < settings.hybrid.outsideLabelRowShare * textRows) return c;
  // Names, not prose: a paragraph beside the grid has as many words a line as a column of prose.
  if (labelled.flat().length >= settings.stream.proseLineWords * labelled.length) return c;
  // One left-aligned column: each label starts within a type size of the others.
  const starts = labelled.map((l) => Math.min(...l.map((w) => w.x0)));
  if (Math.max(...starts) - Math.min(...starts) > size) return c;
  const boxes = labels.map((l) => (l.length ? unionBox(l) : null));
  return {
    ...c,
    grid: { ...c.grid, bbox: unionBox([b, ...labelled.flat()]) },
    rows: c.rows.map((row, r) => [labels[r]!.length ? joinWords(labels[r]!, settings.lines) : '', ...row]),
    boxes: c.boxes.map((row, r) => [boxes[r]!, ...row]),
    lineCounts: c.lineCounts.map((row, r) => [labels[r]!.length ? 1 : 0, ...row]),
    words: [...labelled.flat(), ...c.words],
  };
}

