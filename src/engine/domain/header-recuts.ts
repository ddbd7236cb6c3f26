import { CATALOG } from '../../shared/catalog/index.ts';
import { MATCH_SINGULAR, matchColumn, namesColumn } from './header-match.ts';

/**
 * A header centred over a column narrower than itself (`Precio unitario` over `$ 5.400`) reaches
 * to the figures of the column before it, so a finder reading columns from alignment cuts the
 * header line at the wrong word gap: `Cantidad Precio | unitario` (issue 10, a browser-printed
 * report; the quantity column then had no header and was dropped). Two neighbouring header cells
 * are cut again at another word boundary when, as printed, one of them names no catalogue column
 * and, cut the other way, both do, each as a whole wording (a prefix is not enough: `Fecha de
 * cosecha Unidad` starts with a wording but names nothing). The values under them are left as they are.
 */

/** The label is a catalogue column's wording, exactly or but for a plural. */
function isWording(label: string): boolean {
  return CATALOG.some((t) => t.columns.some((c) => matchColumn(label, c) >= MATCH_SINGULAR));
}

const filled = (s: string | undefined): boolean => (s ?? '').trim() !== '';

/** The words of `left + right` cut so that both parts name a column, nearest the printed cut first. */
function betterCut(left: string, right: string): [string, string] | undefined {
  if (namesColumn(left) && namesColumn(right)) return undefined;
  const a = left.trim().split(/\s+/);
  const b = right.trim().split(/\s+/);
  const words = [...a, ...b];
  const cuts = Array.from({ length: words.length - 1 }, (_, k) => k + 1)
    .filter((cut) => cut !== a.length)
    .sort((x, y) => Math.abs(x - a.length) - Math.abs(y - a.length));
  for (const cut of cuts) {
    const [l, r] = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    if (isWording(l) && isWording(r)) return [l, r];
  }
  return undefined;
}

/** Re-cuts neighbouring header cells in place (rows `0..depth`); true when any changed. */
export function recutHeaderCells(rows: string[][], depth: number): boolean {
  let changed = false;
  for (let k = 0; k < depth; k++) {
    const row = rows[k]!;
    for (let j = 0; j + 1 < row.length; j++) {
      if (!filled(row[j]) || !filled(row[j + 1])) continue;
      const cut = betterCut(row[j]!, row[j + 1]!);
      if (!cut) continue;
      [row[j], row[j + 1]] = cut;
      changed = true;
    }
  }
  return changed;
}
