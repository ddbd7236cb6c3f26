/**
 * Content of the general-table documents (scripts/corpus/general-tables.ts; decision 018): random
 * tables that are NOT credit applications — sales, staff, schedules, survey results — in English,
 * Spanish, Portuguese, French or Italian, with the truth each table must give. The look (rules,
 * fills, page) is the renderer's; here only the words, the cells and the shape.
 */
import type { Rng } from './calc-blocks.ts';

export type Lang = 'en' | 'es' | 'pt' | 'fr' | 'it';
export type Kind = 'text' | 'int' | 'dec' | 'money' | 'pct' | 'date' | 'code';

/** One header cell of the top header row spanning `span` columns (two-level headers). */
export interface Span { text: string; span: number }
export type Row = { cells: string[] } | { group: string } | { total: string[] };

export interface GenTable {
  /** Top header row of spanning group labels, when the table has two header levels. */
  groups?: Span[];
  header: string[];
  kinds: Kind[];
  rows: Row[];
  note?: string;
}

const WORDS: Record<Lang, { nouns: string[]; heads: Record<Kind, string[]>; groups: string[]; total: string; note: string; prose: string[] }> = {
  en: {
    nouns: ['North region', 'South office', 'Warehouse', 'Main store', 'Online sales', 'Field team', 'Laboratory', 'Customer service', 'Repairs and maintenance', 'Spare parts', 'Training courses', 'Office supplies', 'Freight', 'Consulting fees'],
    heads: { text: ['Item', 'Description', 'Department', 'Product', 'Category'], int: ['Units', 'Count', 'Staff', 'Orders'], dec: ['Weight (kg)', 'Ratio', 'Score', 'Hours'], money: ['Amount', 'Cost', 'Revenue', 'Price'], pct: ['Share', 'Growth', 'Margin'], date: ['Date', 'Due date', 'Start'], code: ['Code', 'Ref.', 'ID'] },
    groups: ['First half', 'Second half', 'Budget', 'Actual', 'Previous year', 'This year'],
    total: 'Total', note: 'Note: figures are provisional and may be revised.',
    prose: ['The following table summarises the results of the period under review.', 'Figures are shown in thousands unless stated otherwise, and rounded to the nearest unit.', 'Comparisons with the previous period are affected by the change of accounting method described above.', 'Further details are available from the finance department on request.'],
  },
  es: {
    nouns: ['Región norte', 'Oficina sur', 'Bodega central', 'Tienda principal', 'Ventas en línea', 'Equipo de campo', 'Laboratorio', 'Atención al cliente', 'Reparaciones y mantenimiento', 'Repuestos', 'Cursos de formación', 'Papelería', 'Fletes', 'Honorarios de asesoría'],
    heads: { text: ['Concepto', 'Descripción', 'Área', 'Producto', 'Categoría'], int: ['Unidades', 'Cantidad', 'Personas', 'Pedidos'], dec: ['Peso (kg)', 'Índice', 'Puntaje', 'Horas'], money: ['Valor', 'Costo', 'Ingresos', 'Precio'], pct: ['Participación', 'Variación', 'Margen'], date: ['Fecha', 'Vencimiento', 'Inicio'], code: ['Código', 'Ref.', 'N.º'] },
    groups: ['Primer semestre', 'Segundo semestre', 'Presupuesto', 'Ejecutado', 'Año anterior', 'Año actual'],
    total: 'Total', note: 'Nota: las cifras son provisionales y pueden cambiar.',
    prose: ['La siguiente tabla resume los resultados del periodo analizado.', 'Las cifras se expresan en miles de pesos salvo indicación contraria y se redondean a la unidad.', 'La comparación con el periodo anterior se ve afectada por el cambio de método contable descrito antes.', 'El área financiera puede suministrar más detalles a quien los solicite.'],
  },
  pt: {
    nouns: ['Região norte', 'Escritório sul', 'Armazém', 'Loja principal', 'Vendas online', 'Equipe de campo', 'Laboratório', 'Atendimento ao cliente', 'Reparos e manutenção', 'Peças de reposição', 'Cursos de formação', 'Material de escritório', 'Frete', 'Honorários de consultoria'],
    heads: { text: ['Item', 'Descrição', 'Setor', 'Produto', 'Categoria'], int: ['Unidades', 'Quantidade', 'Pessoas', 'Pedidos'], dec: ['Peso (kg)', 'Índice', 'Nota', 'Horas'], money: ['Valor', 'Custo', 'Receita', 'Preço'], pct: ['Participação', 'Variação', 'Margem'], date: ['Data', 'Vencimento', 'Início'], code: ['Código', 'Ref.', 'N.º'] },
    groups: ['Primeiro semestre', 'Segundo semestre', 'Orçamento', 'Realizado', 'Ano anterior', 'Ano atual'],
    total: 'Total', note: 'Nota: os valores são provisórios e podem ser revistos.',
    prose: ['A tabela seguinte resume os resultados do período analisado.', 'Os valores estão em milhares, salvo indicação em contrário, e arredondados à unidade.', 'A comparação com o período anterior é afetada pela mudança de método contábil descrita acima.'],
  },
  fr: {
    nouns: ['Région nord', 'Bureau sud', 'Entrepôt', 'Magasin principal', 'Ventes en ligne', 'Équipe terrain', 'Laboratoire', 'Service client', 'Réparations et entretien', 'Pièces détachées', 'Formations', 'Fournitures de bureau', 'Transport', 'Honoraires de conseil'],
    heads: { text: ['Poste', 'Libellé', 'Service', 'Produit', 'Catégorie'], int: ['Unités', 'Nombre', 'Effectif', 'Commandes'], dec: ['Poids (kg)', 'Ratio', 'Note', 'Heures'], money: ['Montant', 'Coût', 'Recettes', 'Prix'], pct: ['Part', 'Évolution', 'Marge'], date: ['Date', 'Échéance', 'Début'], code: ['Code', 'Réf.', 'N°'] },
    groups: ['Premier semestre', 'Second semestre', 'Budget', 'Réalisé', 'Année précédente', 'Année en cours'],
    total: 'Total', note: 'Remarque : les chiffres sont provisoires.',
    prose: ['Le tableau suivant résume les résultats de la période étudiée.', 'Les montants sont exprimés en milliers sauf mention contraire et arrondis à l’unité.', 'La comparaison avec la période précédente est affectée par le changement de méthode comptable.'],
  },
  it: {
    nouns: ['Regione nord', 'Ufficio sud', 'Magazzino', 'Negozio principale', 'Vendite online', 'Squadra esterna', 'Laboratorio', 'Assistenza clienti', 'Riparazioni e manutenzione', 'Ricambi', 'Corsi di formazione', 'Cancelleria', 'Trasporti', 'Consulenze'],
    heads: { text: ['Voce', 'Descrizione', 'Reparto', 'Prodotto', 'Categoria'], int: ['Unità', 'Numero', 'Addetti', 'Ordini'], dec: ['Peso (kg)', 'Indice', 'Punteggio', 'Ore'], money: ['Importo', 'Costo', 'Ricavi', 'Prezzo'], pct: ['Quota', 'Variazione', 'Margine'], date: ['Data', 'Scadenza', 'Inizio'], code: ['Codice', 'Rif.', 'N.'] },
    groups: ['Primo semestre', 'Secondo semestre', 'Budget', 'Consuntivo', 'Anno precedente', 'Anno corrente'],
    total: 'Totale', note: 'Nota: i dati sono provvisori.',
    prose: ['La tabella seguente riassume i risultati del periodo considerato.', 'I valori sono espressi in migliaia salvo diversa indicazione e arrotondati all’unità.', 'Il confronto con il periodo precedente risente del cambio di metodo contabile.'],
  },
};

const MONTHS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  pt: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  it: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
};

const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo + 1));

/** Thousands and decimal marks of the language (en 1,234.5; others 1.234,5). */
function formatNumber(lang: Lang, n: number, decimals: number): string {
  const [whole, frac] = Math.abs(n).toFixed(decimals).split('.');
  const sep = lang === 'en' ? ',' : '.';
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const text = frac ? `${grouped}${lang === 'en' ? '.' : ','}${frac}` : grouped;
  return n < 0 ? `-${text}` : text;
}

function value(r: Rng, lang: Lang, kind: Kind, nouns: string[]): string {
  switch (kind) {
    case 'text': return r.chance(0.25) ? `${r.pick(nouns)} ${r.pick(['and related items', 'y otros conceptos', '(phase 2)', '— revised'])}` : r.pick(nouns);
    case 'int': return formatNumber(lang, int(r, 0, r.chance(0.5) ? 999 : 250000), 0);
    case 'dec': return formatNumber(lang, r.next() * 1000 - (r.chance(0.1) ? 500 : 0), int(r, 1, 2));
    case 'money': { const n = formatNumber(lang, r.next() * 90000, 2); return lang === 'en' ? `$${n}` : lang === 'es' ? `$ ${n}` : `${n} €`; }
    case 'pct': return `${formatNumber(lang, r.next() * 100, 1)}${lang === 'fr' ? ' %' : '%'}`;
    case 'date': {
      const d = int(r, 1, 28), m = int(r, 1, 12), y = int(r, 2019, 2026);
      return r.chance(0.5) ? `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}` : r.chance(0.5) ? `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` : `${d} ${MONTHS[lang][m - 1]} ${y}`;
    }
    case 'code': return `${r.pick(['A', 'B', 'CX', 'R'])}-${int(r, 100, 9999)}`;
  }
}

export function prose(r: Rng, lang: Lang, sentences: number): string {
  return Array.from({ length: sentences }, () => r.pick(WORDS[lang].prose)).join(' ');
}

export interface TableShape { cols: number; rows: number; groups: boolean; groupRows: boolean; total: boolean; note: boolean; empty: number; wrap: boolean }

/** A random table: first column text (the stub), the others of mixed kinds. */
export function makeTable(r: Rng, lang: Lang, shape: TableShape): GenTable {
  const w = WORDS[lang];
  const kinds: Kind[] = ['text'];
  for (let c = 1; c < shape.cols; c++) kinds.push(r.pick(c === 1 && r.chance(0.3) ? ['code', 'date'] : ['int', 'dec', 'money', 'pct', 'date', 'int', 'money', 'text']));
  const header = kinds.map((k, c) => {
    const base = r.pick(w.heads[k]);
    // Long headers wrap in narrow columns: a header cell of two lines.
    return shape.wrap && c > 0 && r.chance(0.3) ? `${base} ${r.pick(['acumulado', 'total', 'estimated', 'prévu', 'corrente'])}` : base;
  });
  // Unique header labels: the same word twice would make relations ambiguous, not wrong.
  header.forEach((h, i) => { if (header.indexOf(h) !== i) header[i] = `${h} ${i + 1}`; });
  let groups: Span[] | undefined;
  if (shape.groups && shape.cols >= 4) {
    groups = [{ text: '', span: 1 }];
    let left = shape.cols - 1;
    while (left > 0) {
      const span = Math.min(left, left <= 3 ? left : int(r, 2, 3));
      groups.push({ text: span > 1 ? r.pick(w.groups) : '', span });
      left -= span;
    }
  }
  const rows: Row[] = [];
  for (let i = 0; i < shape.rows; i++) {
    if (shape.groupRows && (i === 0 || r.chance(0.2))) rows.push({ group: `${r.pick(w.nouns)}` });
    const cells = kinds.map((k, c) => (c > 0 && r.chance(shape.empty) ? '' : value(r, lang, k, w.nouns)));
    if (shape.wrap && r.chance(0.3)) cells[0] = `${cells[0]} ${r.pick(w.prose).split(' ').slice(0, int(r, 4, 9)).join(' ')}`;
    rows.push({ cells });
  }
  if (shape.total) rows.push({ total: kinds.map((k, c) => (c === 0 ? w.total : k === 'money' || k === 'int' ? value(r, lang, k, w.nouns) : '')) });
  return { groups, header, kinds, rows, note: shape.note ? w.note : undefined };
}

/** The truth rows: spanning text at its top-left position, covered positions "". */
export function truthRows(t: GenTable, rows: Row[] = t.rows): string[][] {
  const out: string[][] = [];
  if (t.groups) out.push(t.groups.flatMap((g) => [g.text, ...Array<string>(g.span - 1).fill('')]));
  out.push([...t.header]);
  for (const row of rows) {
    if ('group' in row) out.push([row.group, ...Array<string>(t.header.length - 1).fill('')]);
    else out.push([...('cells' in row ? row.cells : row.total)]);
  }
  return out;
}
