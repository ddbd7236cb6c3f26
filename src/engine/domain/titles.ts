import { CATALOG } from '../../shared/catalog/index.ts';
import { titleKey } from './text.ts';

/** The title of a cash flow holding both halves: its section rows decide where rows go. */
export const CASH_FLOW = 'FlujoDeCaja';
const CASH_FLOW_TITLES = ['FLUJO DE CAJA', 'FLUJO DE CAJA PROYECTADO', 'FLUJO DE FONDOS'];
/** Context lines read for a title, nearest first: further up is another block's text. */
const TITLE_LINES = 3;
/** A title may continue after a known wording (`RESUMEN ANUAL DEL CREDITO`), if the wording is this long. */
const PREFIX_MIN_LENGTH = 6;

export interface TitleMatch {
  /** A catalogue table name, or CASH_FLOW. */
  name: string;
  exact: boolean;
  line: string;
}

const TITLES: { name: string; key: string }[] = [
  ...CATALOG.flatMap((t) => t.titles.map((title) => ({ name: t.name, key: titleKey(title) }))),
  ...CASH_FLOW_TITLES.map((title) => ({ name: CASH_FLOW, key: titleKey(title) })),
].filter((t) => t.key);

/** The catalogue table a title line names: exact wording first, else the longest leading wording. */
export function matchTitle(line: string): TitleMatch | undefined {
  const key = titleKey(line);
  if (!key) return undefined;
  const exact = TITLES.find((t) => t.key === key);
  if (exact) return { name: exact.name, exact: true, line };
  let best: { name: string; key: string } | undefined;
  for (const t of TITLES) {
    if (t.key.length >= PREFIX_MIN_LENGTH && key.startsWith(t.key) && (!best || t.key.length > best.key.length)) best = t;
  }
  return best ? { name: best.name, exact: false, line } : undefined;
}

/** The title among the context lines just above a table (nearest last). */
export function titleOf(context: readonly string[]): TitleMatch | undefined {
  const near = context.slice(-TITLE_LINES).reverse();
  let partial: TitleMatch | undefined;
  for (const line of near) {
    const m = matchTitle(line);
    if (m?.exact) return m;
    partial ??= m;
  }
  return partial;
}
