import { CATALOG, type CatalogColumn, type CatalogTable } from '../../shared/catalog/index.ts';
import { fold, looseKey, singularKey } from './text.ts';

/** How well a printed header names a column: exact wording, plural-insensitive, or a prefix. */
export const MATCH_EXACT = 3;
export const MATCH_SINGULAR = 2;
export const MATCH_PREFIX = 1;
/** A prefix match must cover this share of the printed header, so `Valor` alone is not `Valor total`. */
const PREFIX_MIN_SHARE = 0.6;

/** A wording made only of signs (`%`): too short for a prefix, but a header may open with it. */
const SIGN_WORDING = /^[^a-z0-9]+$/;

/**
 * A text's match keys, each computed at most once. Matching compares every header label with every
 * wording of every catalogue column: keying both sides once, instead of once per comparison, took
 * most of the classifier's key look-ups away (issue 14). Built lazily, as matchWording reads them.
 */
class MatchKeys {
  readonly loose: string;
  #singular: string | undefined;
  #first: string | undefined;
  #trimmed: string | undefined;
  #sign: boolean | undefined;
  constructor(readonly text: string) {
    this.loose = looseKey(text);
  }
  get singular(): string {
    return (this.#singular ??= singularKey(this.text));
  }
  /** The first word (how a sign wording opens a label). */
  get first(): string {
    return (this.#first ??= this.text.trim().split(/\s+/)[0]!);
  }
  get trimmed(): string {
    return (this.#trimmed ??= this.text.trim());
  }
  /** A wording made only of signs (tested once per wording, not per comparison). */
  get sign(): boolean {
    return (this.#sign ??= SIGN_WORDING.test(this.loose));
  }
}

/** The keys of each column's wordings, made once per catalogue column (the catalogue never changes). */
const wordingKeys = new WeakMap<CatalogColumn, MatchKeys[]>();
function wordingsOf(column: CatalogColumn): MatchKeys[] {
  let keys = wordingKeys.get(column);
  if (!keys) wordingKeys.set(column, (keys = column.headers.map((w) => new MatchKeys(w))));
  return keys;
}

function matchKeys(label: MatchKeys, wording: MatchKeys): number {
  const a = label.loose;
  const b = wording.loose;
  if (!a || !b) return 0;
  if (a === b) return MATCH_EXACT;
  if (label.singular === wording.singular) return MATCH_SINGULAR;
  // `Rendimiento (kg/ha)` names `Rendimiento`; the wording must be most of the label.
  if (b.length >= 4 && a.startsWith(b) && b.length / a.length >= PREFIX_MIN_SHARE) return MATCH_PREFIX;
  // A sign wording (`%`) names a label it opens as a word of its own: `% sobre C.D.`, `% del total`.
  if (wording.sign && label.first === wording.trimmed) return MATCH_PREFIX;
  return 0;
}

export function matchWording(label: string, wording: string): number {
  return matchKeys(new MatchKeys(label), new MatchKeys(wording));
}

function matchColumnKeys(label: MatchKeys, column: CatalogColumn): number {
  let best = 0;
  const wordings = wordingsOf(column);
  for (let i = 0; i < wordings.length; i++) best = Math.max(best, matchKeys(label, wordings[i]!));
  return best;
}

export function matchColumn(label: string, column: CatalogColumn): number {
  return matchColumnKeys(new MatchKeys(label), column);
}

/** A period header of a wide cash flow: `Mes 3`, `AÑO 0`, `Periodo 2`, `Semestre 1`, `Trimestre 4`. */
export function isPeriodLabel(label: string): boolean {
  return /^(?:mes|ano|anio|periodo|semestre|trimestre|bimestre|semana|month|year)\s*\d{1,3}$/.test(fold(label).replace(/\s+/g, ' '));
}

const PERIOD_WORD = /^(?:mes|ano|anio|periodo|semestre|trimestre|bimestre|semana|month|year)$/;
const periodParts = (label: string) => /^(\D*?)\s*(\d{1,3})$/.exec(fold(label).replace(/\s+/g, ' ').trim());

/**
 * A wide header's period labels with a lost number put back (docs/decisions/070-ocr.md): OCR often
 * drops a lone digit after a word (`MES` printed `MES 3`). A bare period word standing between
 * periods n−1 and n+1 of the same word is period n; the first column before period 2 is period 1.
 * So is a number OCR misread between two that bracket it (`Mes 7 | Mes 5 | Mes 9`: `Mes 8`).
 * The sequence says which number, so nothing is guessed: with any other neighbours the label stays.
 */
export function fillBarePeriods(labels: readonly string[]): string[] {
  const out = [...labels];
  const numbered = labels.map((l) => (isPeriodLabel(l) ? periodParts(l) : null));
  labels.forEach((label, col) => {
    const own = numbered[col];
    const word = own ? own[1]! : fold(label).trim();
    if (!PERIOD_WORD.test(word)) return;
    const at = (c: number) => (c >= 0 && c < labels.length && numbered[c]?.[1] === word ? Number(numbered[c]![2]) : undefined);
    if (own) {
      const [prev, next] = [at(col - 1), at(col + 1)];
      const n = prev !== undefined && next === prev + 2 ? prev + 1 : undefined;
      if (n !== undefined && n !== Number(own[2])) out[col] = label.trim().replace(/\d{1,3}$/, String(n));
      return;
    }
    const prev = at(col - 1);
    const next = at(col + 1);
    const n = prev !== undefined && next !== undefined ? (next - prev === 2 ? prev + 1 : undefined) : next === 2 && col > 0 && !labels.slice(0, col).some(isPeriodLabel) && at(col + 2) === 3 ? 1 : undefined;
    if (n !== undefined) out[col] = `${label.trim()} ${n}`;
  });
  return out;
}

/**
 * Answers per label text, for the two questions below that run over the whole catalogue: the same
 * header labels are asked about again for every cut tried (issue 14). Bounded like text.ts's memos.
 */
function remembered(fn: (label: string) => boolean): (label: string) => boolean {
  const known = new Map<string, boolean>();
  return (label) => {
    let v = known.get(label);
    if (v === undefined) {
      if (known.size >= 20000) known.clear();
      v = fn(label);
      known.set(label, v);
    }
    return v;
  };
}

/** Does a label name some catalogue column or a cash-flow period? */
export const namesColumn = remembered((label) => {
  if (isPeriodLabel(label)) return true;
  const keys = new MatchKeys(label);
  return CATALOG.some((t) => t.columns.some((c) => matchColumnKeys(keys, c) > 0));
});

/** A label that is a column's wording itself (or its plural), not only opened by one. */
export const isColumnWording = remembered((label) => {
  if (isPeriodLabel(label)) return true;
  const keys = new MatchKeys(label);
  return CATALOG.some((t) => t.columns.some((c) => matchColumnKeys(keys, c) >= MATCH_SINGULAR));
});

/** A `Total` column of a wide table (not a period): `Total`, `Total año`, `TOTAL`. */
export function isTotalLabel(label: string): boolean {
  return /^total\b/.test(fold(label));
}

/** A header cell by its row (within the header rows) and column. */
export interface HeaderCell {
  row: number;
  col: number;
}

/**
 * The header cells each column's label is composed of, top to bottom: texts stacked in a column,
 * and a spanning upper cell (`VALOR` over `UNITARIO | TOTAL`) over the sub-headers it covers.
 */
export function composeHeaderCells(headerRows: readonly string[][], width: number): HeaderCell[][] {
  const parts: HeaderCell[][] = Array.from({ length: width }, () => []);
  headerRows.forEach((row, r) => {
    const below = headerRows.slice(r + 1);
    const hasBelow = (c: number) => below.some((b) => (b[c] ?? '').trim() !== '');
    for (let c = 0; c < width; c++) {
      if (!(row[c] ?? '').trim()) continue;
      parts[c]!.push({ row: r, col: c });
      if (!hasBelow(c)) continue;
      // Spread rightwards over empty cells whose columns have their own sub-header.
      for (let k = c + 1; k < width && !(row[k] ?? '').trim() && hasBelow(k); k++) parts[k]!.push({ row: r, col: c });
    }
  });
  return parts;
}

/** One label per column from the header rows (see composeHeaderCells). */
export function composeHeaderLabels(headerRows: readonly string[][], width: number): string[] {
  return composeHeaderCells(headerRows, width).map((parts) =>
    parts
      .map((p) => headerRows[p.row]![p.col]!.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export interface ColumnMapping {
  /** Catalogue key per raw column index (undefined: column not stored). */
  keys: (string | undefined)[];
  /** Sum of match strengths, used to compare candidate tables. */
  strength: number;
  mapped: number;
  /** Non-empty header labels of the raw table. */
  labelled: number;
}

/**
 * The lowest header text of each column, without the spanning cell above it: `CUOTA` over
 * `CAPITAL | INTERESES | TOTAL` names `Capital` and `Intereses`, but `Cuota total` as a whole.
 */
export function ownHeaderLabels(headerRows: readonly string[][], width: number): string[] {
  return Array.from({ length: width }, (_, c) => {
    const texts = headerRows.map((row) => (row[c] ?? '').trim()).filter(Boolean);
    return texts[texts.length - 1] ?? '';
  });
}

/**
 * How a label matches each of a table's columns (matchColumnKeys, parallel to `table.columns`),
 * remembered per table and label text: every raw table is mapped against each catalogue table
 * once per header cut tried, mostly with the same labels (issue 14). Bounded like text.ts's memos.
 */
const SCORES = new WeakMap<CatalogTable, Map<string, readonly number[]>>();
function columnScores(label: string, table: CatalogTable): readonly number[] {
  let byLabel = SCORES.get(table);
  if (!byLabel) {
    byLabel = new Map();
    SCORES.set(table, byLabel);
  }
  let scores = byLabel.get(label);
  if (!scores) {
    if (byLabel.size >= 20000) byLabel.clear();
    const keys = new MatchKeys(label);
    scores = table.columns.map((column) => matchColumnKeys(keys, column));
    byLabel.set(label, scores);
  }
  return scores;
}

/** Assigns each catalogue column to at most one raw column, strongest matches first. */
export function mapColumns(labels: readonly string[], table: CatalogTable, own: readonly string[] = []): ColumnMapping {
  const candidates: { col: number; key: string; score: number; order: number }[] = [];
  labels.forEach((label, col) => {
    if (!label) return;
    const alone = own[col] && own[col] !== label ? columnScores(own[col]!, table) : undefined;
    const scores = columnScores(label, table);
    table.columns.forEach((column, order) => {
      // The whole stacked label counts more than the column's own text alone.
      const score = Math.max(2 * scores[order]!, alone ? 2 * alone[order]! - 1 : 0);
      if (score > 0) candidates.push({ col, key: column.key, score, order });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.col - b.col || a.order - b.order);
  const keys: (string | undefined)[] = labels.map(() => undefined);
  const used = new Set<string>();
  let strength = 0;
  for (const c of candidates) {
    if (keys[c.col] !== undefined || used.has(c.key)) continue;
    keys[c.col] = c.key;
    used.add(c.key);
    strength += c.score;
  }
  return { keys, strength, mapped: used.size, labelled: labels.filter(Boolean).length };
}
