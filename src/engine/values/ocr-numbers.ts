import type { CellValue, TableRow } from '../../shared/catalog/index.ts';

/**
 * Numbers of tables read by OCR, mended where the table itself says how (docs/decisions/070-ocr.md).
 * OCR loses or confuses a number's marks far more often than its digits: `6,9` read `69`,
 * `4,082,784.00` read `408278400`, `16,784` read `16.784`. Each step here moves or drops a mark and
 * never changes a digit, and only when the table's own evidence (the marks its other amounts show,
 * the product a row prints) leaves one reading.
 */

/** Amounts with grouping and two decimals (`4,082,784.00`, `$ 99.000,00`). */
const GROUPED_DECIMALS = /^\$?\s*\d{1,3}(?:[.,]\d{3})+[.,](\d{2})$/;
/** Amounts with grouping and no decimals (`4.082.784`). */
const GROUPED_WHOLE = /^\$?\s*\d{1,3}(?:[.,]\d{3})+$/;
/** A bare run of digits long enough to be an amount that lost its marks. */
const BARE_AMOUNT = /^\$?\s*(\d{5,})$/;
/** Amounts the table shows with their marks: at least this many, this share of them with two decimals. */
export const DECIMAL_AMOUNTS_MIN = 3;
export const DECIMAL_AMOUNTS_SHARE = 0.75;

/**
 * The decimal parts a table's amounts are printed with (`00`), when most of its grouped amounts
 * show two decimals; undefined when they do not (then a bare amount is taken as printed).
 */
export function printedDecimals(cells: readonly string[]): Set<string> | undefined {
  let withDecimals = 0;
  let whole = 0;
  const parts = new Set<string>();
  for (const cell of cells) {
    const text = cell.trim();
    const m = GROUPED_DECIMALS.exec(text);
    if (m) {
      withDecimals++;
      parts.add(m[1]!);
    } else if (GROUPED_WHOLE.test(text)) whole++;
  }
  return withDecimals >= DECIMAL_AMOUNTS_MIN && withDecimals >= DECIMAL_AMOUNTS_SHARE * (withDecimals + whole) ? parts : undefined;
}

/**
 * An amount read as a bare run of digits in a table whose amounts print two decimals: every mark
 * was lost (`4,082,784.00` read `408278400`, small print on a photo), so its last two digits are its
 * decimals. Only when they are decimals the table prints (`00`); undefined otherwise.
 */
export function lostDecimals(text: string, decimals: ReadonlySet<string> | undefined): number | undefined {
  const m = decimals && BARE_AMOUNT.exec(text.trim());
  if (!m || !decimals.has(m[1]!.slice(-2))) return undefined;
  return Number(m[1]) / 100;
}

/**
 * Rows whose printed total is the product of other cells: a quantity by a unit price, a crop's area
 * by its yield per hectare by its price. The check that can tell a lost decimal mark from a digit.
 */
export const ROW_PRODUCTS: Readonly<Record<string, { factors: readonly string[]; total: string }>> = {
  CostosDirectos: { factors: ['cantidad', 'valor_unitario'], total: 'valor_total' },
  InventarioPecuario: { factors: ['cantidad', 'valor_unitario'], total: 'valor_total' },
  IngresosActividad: { factors: ['cantidad', 'precio_unitario'], total: 'valor_total' },
  CultivoProyecto: { factors: ['area_ha', 'rendimiento', 'precio_unitario'], total: 'valor_produccion' },
};
/** A product agrees with the printed total within this share (totals are rounded to the peso). */
export const PRODUCT_TOLERANCE_SHARE = 0.001;

/**
 * The other values a number's text can stand for when OCR lost or confused its marks, digits kept:
 * a run of digits lost a decimal mark (`69` → 6.9, `320` → 3.2); one mark before three digits was
 * the other mark (`16.784` read as 16.784 was 16784, `1.450` read as 1450 was 1.45).
 */
export function markReadings(text: string, value: number): number[] {
  const core = text.replace(/[$\s]/g, '');
  if (/^\d+$/.test(core)) return core.length >= 2 ? [value / 10, value / 100] : [];
  const marks = core.match(/[.,]/g) ?? [];
  if (marks.length === 1 && /^\d{1,3}[.,]\d{3}$/.test(core)) {
    const digits = Number(core.replace(/[.,]/, ''));
    return [Math.abs(value - digits) < 1e-9 ? digits / 1000 : digits];
  }
  return [];
}

const agrees = (product: number, total: number) => Math.abs(product - total) <= Math.max(1, PRODUCT_TOLERANCE_SHARE * Math.abs(total));

/**
 * A row whose printed total is not the product of its factors, mended when exactly one way of
 * re-placing marks (`markReadings`) in the fewest cells makes it agree: `69 × 62,000.00 =
 * 427,800.00` is 6.9. Two ways (the quantity or the total may have lost the mark) leave the row
 * as read, unless only one of them gives a decimal mark to a column whose other cells print one
 * (`decimalKeys`: an area column of `0,71` and `0,93` lost the mark in `133`, not the yield column
 * of `130` and `70`); so does a total that no re-placing reaches (a digit misread: nothing is
 * invented). `texts` are the cells as printed. Returns the keys changed.
 */
export function mendRowProduct(table: string, row: TableRow, texts: Readonly<Record<string, string>>, decimalKeys: ReadonlySet<string> = new Set()): string[] {
  const rule = ROW_PRODUCTS[table];
  if (!rule) return [];
  const keys = [...rule.factors, rule.total];
  const values = keys.map((k) => row[k]);
  if (!values.every((v): v is number => typeof v === 'number')) return [];
  const product = (vs: readonly number[]) => vs.slice(0, -1).reduce((p, v) => p * v, 1);
  if (agrees(product(values), values.at(-1)!)) return [];
  const options = keys.map((k, i) => [values[i]!, ...markReadings(texts[k] ?? '', values[i]!)]);
  let best: { changed: number; values: number[] }[] = [];
  let fewest = Infinity;
  const walk = (i: number, chosen: number[], changed: number) => {
    if (changed > fewest) return;
    if (i === keys.length) {
      if (!changed || !agrees(product(chosen), chosen.at(-1)!)) return;
      if (changed < fewest) {
        fewest = changed;
        best = [];
      }
      best.push({ changed, values: [...chosen] });
      return;
    }
    options[i]!.forEach((v, k) => walk(i + 1, [...chosen, v], changed + (k ? 1 : 0)));
  };
  walk(0, [], 0);
  if (best.length > 1) {
    // Of several, the one whose only new decimals fall in columns that print decimals.
    const fits = best.filter((b) => keys.every((k, i) => b.values[i] === values[i] || b.values[i]! > values[i]! || decimalKeys.has(k)));
    best = fits.length === 1 ? fits : [];
  }
  if (best.length !== 1) return [];
  const changed: string[] = [];
  keys.forEach((k, i) => {
    if (best[0]!.values[i] !== values[i]) {
      row[k] = roundMended(best[0]!.values[i]!) as CellValue;
      changed.push(k);
    }
  });
  return changed;
}

/** A cell printed with decimals (`0,71`, `9.5`): its column is one that prints a decimal mark. */
export function showsDecimals(text: string): boolean {
  return /\d[.,]\d{1,2}%?$/.test(text.trim());
}

/** A value divided by a power of ten, without binary fractions' tails (6.8999999 → 6.9). */
function roundMended(v: number): number {
  return Number(v.toPrecision(12));
}
