import type { RawTable } from '../types.ts';
import type { PageLine } from './page-lines.ts';

// `N° Solicitud`, `No. Solicitud`, `Nro. Solicitud`, `NO SOLICITUD`, `Solicitud N°`,
// `Número de solicitud`, `Radicado`, `Radicado N°` (`°` may print as `º` or `o`).
const NUMBER_MARK = String.raw`(?:n\s*[°ºo]\.?|no\.?|nro\.?|num\.?|número\s+de|numero\s+de)`;
const LABEL = new RegExp(
  String.raw`(?:${NUMBER_MARK}\s*(?:de\s+(?:la\s+)?)?solicitud|solicitud\s*${NUMBER_MARK}|radicado(?:\s*${NUMBER_MARK})?)(?![a-záéíóú])\s*[:#.]?\s*`,
  'i',
);
const VALUE = /^(\d{4}-\d{3,8}|\d{6,12})(?![\d.,/-])/;

/** The request number right after a label in one piece of text, if it is there. */
export function requestNumberIn(text: string): { found: boolean; value?: string } {
  const m = LABEL.exec(text);
  if (!m) return { found: false };
  const rest = text.slice(m.index + m[0].length).trim();
  const v = VALUE.exec(rest);
  return { found: true, value: v?.[1] };
}

function valueOnly(text: string): string | undefined {
  const s = text.trim();
  return VALUE.exec(s)?.[1] && VALUE.exec(s)![1] === s ? s : undefined;
}

/** A request number found after its label, and the size it is printed in. */
interface Candidate {
  value: string;
  size: number;
}

/** The largest size of the line's words inside a segment's box. */
function sizeIn(line: PageLine, box: { x0: number; x1: number }): number {
  return Math.max(0, ...line.words.filter((w) => w.x0 < box.x1 && w.x1 > box.x0).map((w) => w.size));
}

/**
 * The value printed most often among the candidates; among equals, the one printed largest (a
 * running header's small copy is the one OCR misreads), then the first.
 */
function mostPrinted(candidates: readonly Candidate[]): string {
  const seen = new Map<string, { count: number; size: number; first: number }>();
  candidates.forEach((c, i) => {
    const s = seen.get(c.value);
    if (s) {
      s.count++;
      s.size = Math.max(s.size, c.size);
    } else {
      seen.set(c.value, { count: 1, size: c.size, first: i });
    }
  });
  const ranked = [...seen].sort(([, a], [, b]) => b.count - a.count || b.size - a.size || a.first - b.first);
  return ranked[0]?.[0] ?? '';
}

/**
 * The document's request number (always text: leading zeros matter): after its label on the same
 * line, in the next segment, or stacked on the line below; else in a table cell pair. A number
 * printed several times (a running header on every page) is taken where the copies agree.
 */
export function findRequestNumber(lines: readonly PageLine[], tables: readonly RawTable[]): string {
  const candidates: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const before = candidates.length;
    for (let s = 0; s < line.segments.length; s++) {
      const seg = line.segments[s]!;
      const hit = requestNumberIn(seg.text);
      if (!hit.found) continue;
      if (hit.value) {
        candidates.push({ value: hit.value, size: sizeIn(line, seg) });
        continue;
      }
      const next = line.segments[s + 1];
      const inNext = next && valueOnly(next.text);
      if (inNext) {
        candidates.push({ value: inNext, size: sizeIn(line, next) });
        continue;
      }
      // Label and value stacked in one box, read as one line (the small label folded into the
      // value's line): the value is a word of the line.
      const word = line.words.find((w) => valueOnly(w.text));
      if (word) {
        candidates.push({ value: word.text.trim(), size: word.size });
        continue;
      }
      // Label and value stacked: the value sits below, overlapping the label horizontally.
      for (const below of lines.slice(i + 1, i + 4)) {
        if (below.page !== line.page || below.y0 - line.y1 > 3 * (line.y1 - line.y0) + 4) break;
        const v = below.segments.find((b) => b.x0 < seg.x1 + 20 && b.x1 > seg.x0 - 20 && valueOnly(b.text));
        if (v) {
          candidates.push({ value: v.text.trim(), size: sizeIn(below, v) });
          break;
        }
      }
    }
    // A label OCR spread over two segments (`N°`  `de solicitud 14353808`): the whole line.
    const whole = candidates.length === before ? requestNumberIn(line.text) : undefined;
    if (whole?.value) candidates.push({ value: whole.value, size: sizeIn(line, line) });
  }
  if (candidates.length) return mostPrinted(candidates);
  for (const t of tables) {
    for (const row of t.rows) {
      const cells = row.map((c) => c.trim()).filter(Boolean);
      for (let c = 0; c < cells.length; c++) {
        const hit = requestNumberIn(cells[c]!);
        if (!hit.found) continue;
        if (hit.value) return hit.value;
        const v = cells[c + 1] && valueOnly(cells[c + 1]!);
        if (v) return v;
      }
    }
  }
  return '';
}
