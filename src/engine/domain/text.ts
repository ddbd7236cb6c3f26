/**
 * Loose text keys for matching titles and headers: accents, case, spaces and punctuation do
 * not count, because documents lose accents, change case and split words mid-way (`CANTIDA D`).
 */

/** Matching folds the same few hundred labels over and over: remember them (bounded). */
const CACHE_LIMIT = 20000;
function memo(fn: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let v = cache.get(text);
    if (v === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      v = fn(text);
      cache.set(text, v);
    }
    return v;
  };
}

/** Lower case, no accents, `°`/`º` as `o`, whitespace collapsed. */
export const fold = memo(foldText);

/** Combining marks (accents once NFD splits them). */
// Letter and mark classes (`\p{…}`) at module level: the build lowers such literals to `new RegExp`
// where they stand, a regular expression made per call (issue 14).
const MARKS = /\p{M}/gu;

function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/[°º]/g, 'o')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The match key: letters, digits and `%` only. */
export const looseKey = memo((text) => fold(text).replace(/[^a-z0-9%]/g, ''));

/** Like looseKey, but each word loses a plural `s`, so `FECHAS SIEMBRA` meets `Fecha siembra`. */
export const singularKey = memo((text) =>
  fold(text)
    .split(/[^a-z0-9%]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(''),
);

/** A title line without its outline number (`4.`, `2.3`, `a)`) and trailing parenthesis (`(mensual)`). */
export function titleKey(line: string): string {
  const s = fold(line)
    .replace(/^(?:\d+(?:\.\d+)*\.?|[a-z]\))\s+/, '')
    .replace(/\([^)]*\)\s*$/, '');
  return looseKey(s);
}

/** The first non-empty cell of a row, and how many cells are non-empty. */
export function rowShape(row: readonly string[]): { first: string; firstIndex: number; filled: number } {
  let firstIndex = -1;
  let filled = 0;
  row.forEach((c, i) => {
    if (c.trim()) {
      filled += 1;
      if (firstIndex < 0) firstIndex = i;
    }
  });
  return { first: firstIndex >= 0 ? row[firstIndex]!.trim() : '', firstIndex, filled };
}
