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

/**
 * The document's request number (always text: leading zeros matter): after its label on the same
 * line, in the next segment, or stacked on the line below; else in a table cell pair.
 */
export function findRequestNumber(lines: readonly PageLine[], tables: readonly RawTable[]): string {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    for (let s = 0; s < line.segments.length; s++) {
      const seg = line.segments[s]!;
      const hit = requestNumberIn(seg.text);
      if (!hit.found) continue;
      if (hit.value) return hit.value;
      const next = line.segments[s + 1];
      const inNext = next && valueOnly(next.text);
      if (inNext) return inNext;
      // Label and value stacked: the value sits below, overlapping the label horizontally.
      for (const below of lines.slice(i + 1, i + 4)) {
        if (below.page !== line.page || below.y0 - line.y1 > 3 * (line.y1 - line.y0) + 4) break;
        const v = below.segments.find((b) => b.x0 < seg.x1 + 20 && b.x1 > seg.x0 - 20 && valueOnly(b.text));
        if (v) return v.text.trim();
      }
    }
  }
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
