/**
 * The producer-neutral side of a generated credit application: which columns of each catalogue
 * table a document prints, their header wordings and alignment, the printed cell texts, section
 * and TOTAL rows, the cash flows wide, the header fields as label/value pairs. Each producer
 * (calc-export.ts, html-export.ts) lays these blocks out its own way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Borders, BodyRow, Column, Rng, TableBlock } from './calc-blocks.ts';
import { printValue, type NumberStyle } from './calc-format.ts';
import { HEADERS, HEADER_FIELD_LABELS, REQUEST_LABELS, TITLES, TOTALLED } from './calc-wordings.ts';

export type Row = Record<string, string | number>;
export interface Truth {
  nosolicitud: string;
  header: Record<string, string | number>;
  tables: Record<string, Row[]>;
  meta?: Record<string, unknown>;
}

export const TYPES: Partial<Record<string, Record<string, string>>> = {
  CultivoProyecto: { cultivo: 'text', variedad: 'text', area_ha: 'hectares', etapa: 'text', fecha_siembra: 'date', fecha_cosecha: 'date', rendimiento: 'decimal', unidad: 'text', precio_unitario: 'money', valor_produccion: 'money' },
  InventarioPecuario: { especie: 'text', raza: 'text', categoria: 'text', cantidad: 'int', valor_unitario: 'money', valor_total: 'money', tipo_inventario: 'text' },
  CostosDirectos: { actividad: 'text', concepto: 'text', tipo: 'text', unidad: 'text', cantidad: 'decimal', valor_unitario: 'money', valor_total: 'money' },
  CostosIndirectos: { concepto: 'text', porcentaje: 'percent', valor: 'money' },
  PlanAmortizacion: { monto: 'money', plazo_meses: 'int', gracia_meses: 'int', periodicidad: 'text', tasa: 'text', tasa_pct: 'percent', sistema: 'text', fecha_desembolso: 'date' },
  PlanAmortizacionDetalle: { numero_cuota: 'int', fecha_pago: 'date', saldo_inicial: 'money', capital: 'money', intereses: 'money', valor_cuota: 'money', saldo_final: 'money' },
  PlanAmortizacionResumen: { anio: 'int', total_capital: 'money', total_intereses: 'money', total_pagado: 'money', saldo: 'money' },
  IngresosActividad: { actividad: 'text', unidad: 'text', cantidad: 'decimal', precio_unitario: 'money', valor_total: 'money', periodo: 'text' },
};

export const SHEET_ORDER = ['CultivoProyecto', 'InventarioPecuario', 'CostosDirectos', 'CostosIndirectos', 'IngresosActividad'];
export const FLOWS = ['IngresosOperacionales', 'EgresosOperacionales'];

/** The yearly summary a template computes from the schedule: sums per payment year, the year's last balance. */
export function yearlySummary(schedule: Row[]): Row[] {
  const years = new Map<number, Row>();
  for (const row of schedule) {
    if (typeof row.fecha_pago !== 'string') return [];
    const anio = Number(row.fecha_pago.slice(0, 4));
    const y = years.get(anio) ?? { anio, total_capital: 0, total_intereses: 0, total_pagado: 0 };
    y.total_capital = Number(y.total_capital) + Number(row.capital ?? 0);
    y.total_intereses = Number(y.total_intereses) + Number(row.intereses ?? 0);
    y.total_pagado = Number(y.total_pagado) + Number(row.valor_cuota ?? 0);
    y.saldo = Number(row.saldo_final ?? 0);
    years.set(anio, y);
  }
  return [...years.values()];
}

export function keysOf(table: string, rows: Row[]): string[] {
  return Object.keys(TYPES[table] ?? {}).filter((k) => k !== 'tasa_pct' && rows.some((r) => r[k] !== undefined));
}

export function itemBlock(table: string, rows: Row[], style: NumberStyle, r: Rng, borders: Borders): { block: TableBlock; printed: Row[] } {
  const types = TYPES[table] ?? {};
  const wordings = HEADERS[table] ?? {};
  const sections = table === 'CostosDirectos' && r.chance(0.6);
  const keys = keysOf(table, rows).filter((k) => !(sections && k === 'actividad'));
  const columns: Column[] = keys.map((k) => ({ header: r.pick(wordings[k] ?? [k]), align: types[k] === 'text' ? 'start' : types[k] === 'date' ? 'center' : 'end' }));
  const body: BodyRow[] = [];
  let section: unknown;
  for (const row of rows) {
    if (sections && row.actividad !== section) {
      section = row.actividad;
      if (typeof section === 'string') body.push({ section });
    }
    body.push({ cells: keys.map((k) => printValue(types[k] ?? 'text', row[k], style)) });
  }
  const totalled = (TOTALLED[table] ?? []).filter((k) => keys.includes(k));
  if (totalled.length > 0 && r.chance(0.75)) {
    const total = keys.map((k, i) => {
      if (i === 0) return table === 'PlanAmortizacionDetalle' ? 'TOTALES' : 'TOTAL';
      if (!totalled.includes(k)) return '';
      return printValue(types[k] ?? 'money', rows.reduce((s, row) => s + Number(row[k] ?? 0), 0), style);
    });
    body.push({ total });
  }
  const valorPair = ['valor_unitario', 'valor_total'].every((k) => keys.includes(k)) && keys.indexOf('valor_total') === keys.indexOf('valor_unitario') + 1;
  let group: TableBlock['group'];
  if (valorPair && r.chance(0.5)) {
    const at = keys.indexOf('valor_unitario');
    columns[at] = { header: 'Unitario', align: 'end' };
    columns[at + 1] = { header: 'Total', align: 'end' };
    group = [at, at + 1, 'VALOR'];
  }
  const block: TableBlock = { title: r.pick(TITLES[table] ?? [table]), columns, rows: body, borders, group, mergedTitle: r.chance(0.5), headerFill: r.chance(0.4) ? '#d9e2f3' : undefined };
  const printed = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => keys.includes(k) || (sections && k === 'actividad'))));
  return { block, printed };
}

/** The cash flows, wide: a Concepto column, one per period, a Total column and a total row. */
export function flowBlock(table: string, rows: Row[], style: NumberStyle, borders: Borders, r: Rng): TableBlock {
  // Empty cells are absent from the truth, so first appearance is not period order: sort by number.
  const periodNumber = (p: string) => Number(/\d+/.exec(p)?.[0] ?? 0);
  const periods = [...new Set(rows.map((row) => String(row.periodo)))].sort((a, b) => periodNumber(a) - periodNumber(b));
  const concepts = [...new Set(rows.map((row) => String(row.concepto)))];
  const value = (c: string, p: string) => rows.find((row) => row.concepto === c && row.periodo === p)?.valor;
  const body: BodyRow[] = concepts.map((c) => {
    const values = periods.map((p) => value(c, p));
    const sum = values.reduce<number>((s, v) => s + Number(v ?? 0), 0);
    return { cells: [c, ...values.map((v) => (v === undefined ? '' : printValue('money', v, style))), printValue('money', sum, style)] };
  });
  const totals = periods.map((p) => concepts.reduce((s, c) => s + Number(value(c, p) ?? 0), 0));
  const label = table === 'IngresosOperacionales' ? 'TOTAL INGRESOS' : 'TOTAL EGRESOS';
  body.push({ total: [label, ...totals.map((v) => printValue('money', v, style)), printValue('money', totals.reduce((a, b) => a + b, 0), style)] });
  const columns: Column[] = [{ header: 'Concepto', align: 'start' }, ...periods.map((p): Column => ({ header: p, align: 'end' })), { header: 'Total', align: 'end' }];
  return { title: TITLES[table]?.[0] ?? table, columns, rows: body, borders, mergedTitle: r.chance(0.5), headerFill: r.chance(0.4) ? '#e2efd9' : undefined };
}

export function headerPairs(truth: Truth, style: NumberStyle, r: Rng): [string, string][] {
  const pairs: [string, string][] = [[r.pick(REQUEST_LABELS), truth.nosolicitud]];
  for (const [key, value] of Object.entries(truth.header)) {
    const label = key === 'documento_identidad' ? String(truth.header.tipo_documento ?? 'Documento') : HEADER_FIELD_LABELS[key];
    if (!label) continue;
    const type = key === 'monto_solicitado' ? 'money' : key === 'fecha_solicitud' ? 'date' : 'text';
    pairs.push([label, printValue(type, value, style)]);
  }
  return pairs;
}

/** A domain-dev truth file: the data a generated document prints. */
export function readSource(corpus: string, id: string): Truth {
  return JSON.parse(readFileSync(path.join(corpus, `${id}.truth.json`), 'utf8')) as Truth;
}

/** The truth of a generated document, in the CLI's default shape, beside its PDF. */
export function writeTruth(out: string, id: string, truth: Truth): void {
  writeFileSync(path.join(out, `${id}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
}

export function cliOption(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return (at >= 0 ? args[at + 1] : undefined) ?? fallback;
}
