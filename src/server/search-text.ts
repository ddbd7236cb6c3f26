/** Lowercase, accents stripped, spaces collapsed: the form both stored search text and queries take. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped (use with ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase for `term` (quotes doubled): its words in order, whatever punctuation sits between them. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
