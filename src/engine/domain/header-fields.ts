import type { RawTable } from '../types.ts';
import { parseDate } from '../values/dates.ts';
import { documentTypeOf } from '../values/identifiers.ts';
import { parseNumber, type NumberStyle } from '../values/numbers.ts';
import { cleanText } from '../values/parse-cell.ts';
import { pairsInRow, type LabelCatalog } from './key-value.ts';
import type { PageLine } from './page-lines.ts';

/** Header fields of a credit application and the labels documents print for them. */
export const HEADER_FIELDS: LabelCatalog = [
  { key: 'solicitante', labels: ['Solicitante', 'Nombre del solicitante', 'Nombre o razón social', 'Razón social', 'Nombres y apellidos', 'Nombre completo', 'Nombre', 'Cliente', 'Asociado'] },
  { key: 'documento_identidad', labels: ['Documento de identidad', 'Documento', 'Identificación', 'Cédula de ciudadanía', 'Cédula', 'C.C.', 'CC', 'NIT', 'C.C. / NIT', 'No. documento', 'Número de documento', 'N° documento', 'N° identificación'] },
  { key: 'departamento', labels: ['Departamento'] },
  { key: 'municipio', labels: ['Municipio'] },
  { key: 'vereda', labels: ['Vereda', 'Vereda / Corregimiento', 'Corregimiento'] },
  { key: 'predio', labels: ['Predio', 'Finca', 'Nombre del predio', 'Nombre de la finca'] },
  { key: 'oficina', labels: ['Oficina', 'Sucursal', 'Oficina / Sucursal', 'Agencia'] },
  { key: 'asesor', labels: ['Asesor', 'Asesor comercial', 'Técnico responsable', 'Técnico', 'Funcionario', 'Ejecutivo'] },
  { key: 'linea', labels: ['Línea', 'Línea de crédito'] },
  { key: 'destino', labels: ['Destino', 'Rubro', 'Destino / Rubro', 'Rubro / Destino', 'Destino del crédito', 'Destinación'] },
  { key: 'tipo_productor', labels: ['Tipo de productor', 'Tipo productor', 'Clase de productor'] },
  { key: 'monto_solicitado', labels: ['Monto solicitado', 'Valor solicitado', 'Monto', 'Valor del crédito'] },
  { key: 'plazo_meses', labels: ['Plazo', 'Plazo (meses)'] },
  { key: 'garantia', labels: ['Garantía', 'Garantías'] },
  { key: 'fecha_solicitud', labels: ['Fecha de solicitud', 'Fecha solicitud', 'Fecha de radicación', 'Fecha'] },
];

/** The document kind implied by the label (`Cédula de ciudadanía` → C.C.). */
function typeFromLabel(label: string): string | undefined {
  const s = label.toLowerCase();
  if (/\bnit\b/.test(s)) return 'NIT';
  if (/c[ée]dula|\bc\.?\s*c\.?\b/.test(s)) return 'C.C.';
  return undefined;
}

function typed(key: string, value: string, style: NumberStyle): string | number | undefined {
  const text = cleanText(value);
  if (!text) return undefined;
  switch (key) {
    case 'monto_solicitado':
      return parseNumber(text, style) ?? text;
    case 'plazo_meses': {
      const n = parseNumber(text, style, { units: /\s*(?:meses|mes)\.?$/i });
      return n !== undefined && Number.isInteger(n) ? n : text;
    }
    case 'fecha_solicitud':
      return parseDate(text) ?? text;
    default:
      return text;
  }
}

/**
 * Header fields from the document's text lines and from tables that are not among the ten
 * (the applicant block). The first value found for a key wins.
 */
export function readHeaderFields(
  lines: readonly PageLine[],
  otherTables: readonly RawTable[],
  style: NumberStyle,
): Record<string, string | number> {
  const header: Record<string, string | number> = {};
  let idLabel: string | undefined;
  const take = (cells: readonly string[]) => {
    for (const pair of pairsInRow(cells, HEADER_FIELDS)) {
      if (pair.key in header) continue;
      const value = typed(pair.key, pair.value, style);
      if (value === undefined) continue;
      if (pair.key === 'fecha_solicitud' && typeof value !== 'string') continue;
      if (pair.key === 'fecha_solicitud' && !/^\d{4}-\d{2}-\d{2}$/.test(String(value))) continue;
      if (pair.key === 'documento_identidad') {
        if (!documentTypeOf(String(value))) continue;
        idLabel = pair.label;
      }
      header[pair.key] = value;
    }
  };
  for (const t of otherTables) for (const row of t.rows) take(row);
  for (const line of lines) take(line.segments.map((s) => s.text));
  const id = header.documento_identidad;
  if (typeof id === 'string') {
    // The NIT check digit settles it; otherwise the label says which document it is.
    const kind = documentTypeOf(id) === 'NIT' ? 'NIT' : ((idLabel && typeFromLabel(idLabel)) ?? documentTypeOf(id));
    if (kind) header.tipo_documento = kind;
  }
  // Keep a stable, readable order: document type first, as the applicant block prints it.
  const ordered: Record<string, string | number> = {};
  if (header.tipo_documento) ordered.tipo_documento = header.tipo_documento;
  for (const f of HEADER_FIELDS) if (f.key in header) ordered[f.key] = header[f.key]!;
  return ordered;
}

