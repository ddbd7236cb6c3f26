/**
 * Number reading for Colombian (`1.347.491,3`) and US (`25,600,000.00`) styles.
 *
 * Only one shape is truly ambiguous: one separator followed by exactly three digits (`1.500`,
 * `1,500`). That case is settled by the style decided for the whole document (or column); every
 * other shape reads the same in both styles, so no cell is ever guessed on its own.
 */
export type NumberStyle = 'co' | 'us';

export interface StyleVotes {
  co: number;
  us: number;
}

// Currency marks and codes printed around amounts.
const CURRENCY = /\$|\bCOP\b|\bUSD\b|\bUS\b/gi;
const DASHES = /^[-–—]+$/;
// A number token with optional grouping; checked further in toNumber().
const NUMERIC = /^\d[\d.,]*$/;
const TOKEN = /\d[\d.,]*\d|\d/g;

/** How one token votes on the style: unambiguous shapes only. */
export function styleOfToken(token: string): NumberStyle | undefined {
  const dots = (token.match(/\./g) ?? []).length;
  const commas = (token.match(/,/g) ?? []).length;
  if (dots && commas) return token.lastIndexOf(',') > token.lastIndexOf('.') ? 'co' : 'us';
  if (dots > 1) return 'co';
  if (commas > 1) return 'us';
  const sep = dots ? '.' : commas ? ',' : '';
  if (!sep) return undefined;
  const after = token.length - token.indexOf(sep) - 1;
  if (after === 3) return undefined;
  // A single separator not followed by a group of three is a decimal mark.
  return sep === ',' ? 'co' : 'us';
}

/** Adds the votes of every number in `text` (dates and percentages included: they show the marks too). */
export function addStyleVotes(votes: StyleVotes, text: string): StyleVotes {
  // Dates like 22.09.2020 would vote 'co' by shape; skip tokens that look like dates.
  if (/\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(text)) return votes;
  for (const token of text.match(TOKEN) ?? []) {
    const style = styleOfToken(token);
    if (style) votes[style] += 1;
  }
  return votes;
}

export function decideStyle(votes: StyleVotes, fallback: NumberStyle = 'co'): NumberStyle {
  if (votes.co === votes.us) return fallback;
  return votes.co > votes.us ? 'co' : 'us';
}

/** Reads a bare numeric token (digits and separators only) in the given style. */
function tokenToNumber(token: string, style: NumberStyle): number | undefined {
  if (!NUMERIC.test(token) || /[.,]$/.test(token)) return undefined;
  const shape = styleOfToken(token) ?? (/[.,]/.test(token) ? style : undefined);
  const [thousands, decimal] = shape === 'us' ? [',', '.'] : ['.', ','];
  const lastDecimal = token.lastIndexOf(decimal);
  let intPart = token;
  let fracPart = '';
  if (lastDecimal >= 0) {
    intPart = token.slice(0, lastDecimal);
    fracPart = token.slice(lastDecimal + 1);
    if (!/^\d+$/.test(fracPart)) return undefined;
  }
  if (intPart.includes(thousands)) {
    // Grouped thousands must be well formed, otherwise this is not a number in this style.
    const groups = intPart.split(thousands);
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return undefined;
    intPart = groups.join('');
  }
  if (!/^\d+$/.test(intPart)) return undefined;
  // A run of digits too long for a double (over ~308 of them) reads as Infinity: no amount.
  const value = Number(fracPart ? `${intPart}.${fracPart}` : intPart);
  return Number.isFinite(value) ? value : undefined;
}

export interface NumberOptions {
  /** Trailing unit words allowed after the number (`12 meses`, `2,5 ha`). */
  units?: RegExp;
}

/**
 * Parses an amount or quantity: `$ 1.347.491,3`, `$25,600,000`, `(1.200.000)`, `-1.200.000`,
 * `$ -` (zero). Returns undefined when the text is not such a number.
 */
export function parseNumber(text: string, style: NumberStyle, options: NumberOptions = {}): number | undefined {
  let s = text.replace(/\u00a0/g, ' ').trim();
  if (!s) return undefined;
  if (options.units) s = s.replace(options.units, '').trim();
  s = s.replace(CURRENCY, '').trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
    s = s.replace(CURRENCY, '').trim();
  }
  if (DASHES.test(s)) return 0;
  if (/^[-–]/.test(s)) {
    negative = !negative;
    s = s.slice(1).trim().replace(CURRENCY, '').trim();
  }
  // Spaces inside a number only appear as thousands groups (`1 200 000`).
  if (/^\d{1,3}( \d{3})+([.,]\d+)?$/.test(s)) s = s.replace(/ /g, '');
  const value = tokenToNumber(s, style);
  if (value === undefined) return undefined;
  return negative && value !== 0 ? -value : value;
}
