import type { Box } from '../types.ts';
import { unionOrNull } from '../geometry.ts';
import { looseKey, singularKey } from './text.ts';

/** A label wording list per key; the first key whose wording matches wins. */
export type LabelCatalog = readonly { key: string; labels: readonly string[] }[];

export interface Pair {
  key: string;
  label: string;
  value: string;
  /** The box of the cell(s) the value was read from, when the caller gave boxes. */
  box?: Box | null;
  /** The page it was read on, when the caller knows it. */
  page?: number;
}

interface LabelIndex {
  exact: Map<string, string>;
  singular: Map<string, string>;
}
const INDEXES = new WeakMap<LabelCatalog, LabelIndex>();

/** Exact and plural-insensitive keys of a catalogue's wordings, built once (labels are looked up per line). */
function indexOf(catalog: LabelCatalog): LabelIndex {
  let index = INDEXES.get(catalog);
  if (!index) {
    index = { exact: new Map(), singular: new Map() };
    for (const entry of catalog) {
      for (const w of entry.labels) {
        if (!index.exact.has(looseKey(w))) index.exact.set(looseKey(w), entry.key);
        if (!index.singular.has(singularKey(w))) index.singular.set(singularKey(w), entry.key);
      }
    }
    INDEXES.set(catalog, index);
  }
  return index;
}

/** The key a printed label names (exact or plural-insensitive wording; a trailing colon is ignored). */
export function labelKey(text: string, catalog: LabelCatalog): string | undefined {
  // Every row of every table is tried against the catalogues, the same cells over and over: one
  // look-up per text, not a trim and two keyed look-ups (issue 14). Bounded like text.ts's memos.
  let known = KNOWN.get(catalog);
  if (!known) {
    known = new Map();
    KNOWN.set(catalog, known);
  }
  let key = known.get(text);
  if (key === undefined) {
    if (known.size >= KNOWN_LIMIT) known.clear();
    key = keyOfLabel(text, catalog) ?? null;
    known.set(text, key);
  }
  return key ?? undefined;
}

const KNOWN = new WeakMap<LabelCatalog, Map<string, string | null>>();
const KNOWN_LIMIT = 20000;

function keyOfLabel(text: string, catalog: LabelCatalog): string | undefined {
  const label = text.replace(/[:：]\s*$/, '').trim();
  if (!label || label.length > 60) return undefined;
  const index = indexOf(catalog);
  return index.exact.get(looseKey(label)) ?? index.singular.get(singularKey(label));
}

/**
 * Label/value pairs from a row of cells or line segments: `Label | value | Label | value`,
 * and `Label: value` inside one cell. A label followed by another label has no value. `boxes`,
 * parallel to `cells`, gives each pair the box its value was read from (the whole cell for
 * `Label: value`, both cells for a value split over two).
 */
export function pairsInRow(cells: readonly string[], catalog: LabelCatalog, boxes?: readonly (Box | null)[]): Pair[] {
  const out: Pair[] = [];
  // A loop, not flatMap with an array per cell: this runs for every row of every table (issue 14).
  const kept: { text: string; box: Box | null }[] = [];
  for (let i = 0; i < cells.length; i++) {
    const text = cells[i]!.trim();
    if (text) kept.push({ text, box: boxes?.[i] ?? null });
  }
  const filled = kept.map((c) => c.text);
  const boxOf = (...at: number[]): { box?: Box | null } => (boxes ? { box: unionOrNull(at.map((i) => kept[i]?.box)) } : {});
  for (let i = 0; i < filled.length; i++) {
    const cell = filled[i]!;
    const colon = /^([^:]{2,60}):\s*(.+)$/.exec(cell);
    if (colon) {
      const key = labelKey(colon[1]!, catalog);
      if (key) {
        out.push({ key, label: colon[1]!.trim(), value: colon[2]!.trim(), ...boxOf(i) });
        continue;
      }
    }
    const key = labelKey(cell, catalog);
    if (!key) {
      // A label cut over two cells: `Periodicidad de | pago: Semestral`.
      const rest = /^([^:]{1,30}):\s*(.+)$/.exec(filled[i + 1] ?? '');
      const joined = rest && labelKey(`${cell} ${rest[1]}`, catalog);
      if (rest && joined) {
        out.push({ key: joined, label: `${cell} ${rest[1]!.trim()}`, value: rest[2]!.trim(), ...boxOf(i + 1) });
        i += 1;
      }
      continue;
    }
    const next = filled[i + 1];
    if (next === undefined || labelKey(next, catalog)) continue;
    // The text finder may split one value over two columns when its words happen to line up with
    // another row's (stream-2003: `Ospina | Cifuentes`): take the next cell too when it is no
    // label and a label, or the row's end, follows it.
    const extra = filled[i + 2];
    const after = filled[i + 3];
    const split = extra !== undefined && !extra.includes(':') && !isLabelCell(extra, catalog) && (after === undefined || isLabelCell(after, catalog));
    out.push({ key, label: cell.replace(/:\s*$/, ''), value: split ? `${next} ${extra}` : next, ...(split ? boxOf(i + 1, i + 2) : boxOf(i + 1)) });
    i += split ? 2 : 1;
  }
  return out;
}

/** Words a label may take, at most, when it is read off the front of a line. */
const MAX_LEADING_LABEL_WORDS = 6;

/**
 * `Label value` with no colon and no gap between them (a bold label run into its value, as web
 * forms print it): the longest run of leading words naming a label, when words follow it that
 * are no label themselves.
 */
export function leadingLabelPair(text: string, catalog: LabelCatalog): Pair | undefined {
  // A cell that is one label's whole wording (`Tasa de interés`) is that label, not `Tasa` with a value.
  if (labelKey(text, catalog)) return undefined;
  const words = text.trim().split(/\s+/);
  for (let n = Math.min(words.length - 1, MAX_LEADING_LABEL_WORDS); n >= 1; n--) {
    const label = words.slice(0, n).join(' ');
    const key = labelKey(label, catalog);
    const value = words.slice(n).join(' ');
    if (key && !labelKey(value, catalog)) return { key, label, value };
  }
  return undefined;
}

/** A cell that starts a new pair: a known label, or any text printed as a label (`Teléfono:`). */
function isLabelCell(cell: string, catalog: LabelCatalog): boolean {
  if (/[:：]\s*$/.test(cell) || labelKey(cell, catalog)) return true;
  const colon = /^([^:]{2,60}):\s*(.+)$/.exec(cell);
  return colon !== null && labelKey(colon[1]!, catalog) !== undefined;
}

/**
 * Pairs from a block printed as a row of labels over a row of values (`MONTO | PLAZO` over
 * `$ 98,700,000 | 84 meses`), or as several such rows, a form of boxes three to a row (issue 10:
 * only the first row of boxes was read). Returns [] when the block is not laid out that way.
 * `boxes`, parallel to `rows`, gives each pair its value's box; each pair notes its row in `row`.
 */
export function pairsInColumns(rows: readonly string[][], catalog: LabelCatalog, boxes?: readonly (readonly (Box | null)[])[]): (Pair & { row: number })[] {
  const out: (Pair & { row: number })[] = [];
  for (let r = 0; r + 1 < rows.length; r++) {
    const labels = rows[r]!;
    const keys = labels.map((c) => (c.trim() ? labelKey(c, catalog) : undefined));
    const labelled = keys.filter(Boolean).length;
    // The first row of boxes shows the layout; a later one may hold a single box.
    if (labelled < (out.length === 0 ? 2 : 1)) continue;
    const values = rows[r + 1]!;
    if (values.some((c) => c.trim() && labelKey(c, catalog))) continue;
    keys.forEach((key, c) => {
      const value = (values[c] ?? '').trim();
      if (key && value) out.push({ key, label: labels[c]!.trim(), value, row: r + 1, ...(boxes ? { box: unionOrNull([boxes[r + 1]?.[c]]) } : {}) });
    });
    r++;
  }
  return out;
}
