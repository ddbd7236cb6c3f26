import { parseNumber, type NumberStyle } from './numbers.ts';

// Suffixes that name how a plain rate compounds: E.A., M.V., N.A.M.V., T.A., anual, mensual…
const RATE_SUFFIX = /^(?:[a-z](?:\.|\b)\s*){1,5}$|^(?:e\.?a\.?|efectivo anual|anual|mensual|nominal.*|m\.?v\.?.*)$/i;

/** `12,20%` → 12.2; `5` → 5 (a percent column may omit the sign). Undefined when not a plain percentage. */
export function parsePercent(text: string, style: NumberStyle): number | undefined {
  const s = text.replace(/\u00a0/g, ' ').trim();
  const m = /^(.*?)\s*%\s*(.*)$/.exec(s);
  if (!m) return parseNumber(s, style);
  const suffix = m[2]!.trim();
  if (suffix && !RATE_SUFFIX.test(suffix)) return undefined;
  return parseNumber(m[1]!, style);
}

/**
 * An interest rate as printed (`12,20% E.A.`, `DTF + 7% E.A.`): the text is kept by the caller;
 * the number is given only for a plain percentage, never for an index plus spread.
 */
export function rateToPercent(text: string, style: NumberStyle): number | undefined {
  const s = text.trim();
  if (!/^[-(]?\s*\d/.test(s) || !s.includes('%')) return undefined;
  return parsePercent(s, style);
}
