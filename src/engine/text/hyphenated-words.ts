import type { PageContent, RawTable } from '../types.ts';

/**
 * Words a layout engine hyphenated at a cell's line end, joined again by the document's own
 * words (decision 013, "Words hyphenated by the layout"). Cells join their lines with a space, so
 * groff's `con-` over `fronto` reads `con- fronto`; a compound broken at its own hyphen
 * (`post-` over `cosecha`, Tabula's `Ring-` over `ding`) reads the same way. Which it is, the
 * document says: when it prints the word whole somewhere (`confronto` in a sentence, another
 * cell), the hyphen was the layout's. A word it never prints whole is left as read; so is one it
 * also prints with its hyphen (`post-cosecha`).
 */

/** A word's first part broken after a hyphen, a space, and its lower-case rest. */
const BROKEN = /(?<![\p{L}\p{M}-])([\p{L}\p{M}]+)- ([\p{Ll}\p{M}]{2,})(?![\p{L}\p{M}])/gu;
/** What splits a page's text into the words looked up. */
const NOT_WORD = /[^\p{L}\p{M}-]+/u;

/** The lower-case words printed on the pages, a hyphen kept where printed inside one. */
function documentWords(pages: readonly PageContent[]): Set<string> {
  const words = new Set<string>();
  for (const page of pages) {
    for (const chunk of page.chunks) for (const w of chunk.text.toLowerCase().split(NOT_WORD)) if (w) words.add(w);
  }
  return words;
}

/** The tables with each hyphenated word the document prints whole joined again; others as they were. */
export function joinHyphenatedWords(tables: readonly RawTable[], pages: readonly PageContent[]): RawTable[] {
  let words: Set<string> | undefined;
  const join = (text: string): string => {
    if (!text.includes('- ')) return text;
    return text.replace(BROKEN, (whole, head: string, rest: string) => {
      words ??= documentWords(pages);
      const key = `${head}${rest}`.toLowerCase();
      return words.has(key) && !words.has(`${head}-${rest}`.toLowerCase()) ? `${head}${rest}` : whole;
    });
  };
  return tables.map((t) => {
    const rows = t.rows.map((row) => row.map(join));
    return rows.some((row, r) => row.some((text, c) => text !== t.rows[r]![c])) ? { ...t, rows } : t;
  });
}
