import { sql, type Kysely } from 'kysely';

/**
 * SQLite: the adjacent word pairs of a row's search text, for its table's two FTS5 pair indexes
 * (docs/decisions/032). A phrase of words `w1 w2 … wk*` holds in a text exactly when the phrase of
 * its pairs `w1_w2 … w(k-1)_wk*` holds in the text's pairs: each pair pins two adjacent words, and
 * no word holds '_' (a separator for the words index), so a pair's first word is exact and the
 * last word's prefix stays a prefix. Pairs are rare where words are not (`lote` is in 240k of the
 * bench's 300k rows, `foliar_lote` in 77k), which is what makes the phrase cheaper.
 *
 * A last word of one character would make that prefix (`lote_3*`) merge the postings of every pair
 * it starts (`lote_3`, `lote_30` … `lote_39`: 15 ms); the cuts index answers it instead. Its
 * token for each pair is the first word and the second's first character (`lote__3`): the phrase
 * `abono__f foliar__l lote__3` pins every word but the last exactly (each is a whole token before
 * '__') and the last word's first character, which for a one-character word is the whole prefix.
 *
 * The words must be the words index's own tokens (its case and diacritic folding), so a text's
 * pairs are built from what that tokenizer makes of it (`tokensOf`).
 */

/** The words index's tokenizer (migration 004): the pairs are built from its tokens. */
export const WORDS_TOKENIZER = 'unicode61 remove_diacritics 2';

/**
 * The pairs index's tokenizer: a pair `word_word` is one token. Its words are words-index tokens,
 * which hold no ASCII character other than a lowercase letter or a digit; `ascii` keeps every
 * other character inside a token and `_` joins the two words.
 */
export const PAIRS_TOKENIZER = "ascii tokenchars '_'";

/**
 * The words-index tokens of an ASCII text, or undefined for any other text. For ASCII, unicode61
 * keeps runs of letters and digits, folds letters to lowercase and separates at everything else
 * (search-pairs.test.ts checks this against SQLite for every ASCII character); beyond ASCII only
 * SQLite's tables know, so `tokensOf` asks SQLite.
 */
export function asciiTokens(text: string): string[] | undefined {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(text)) return undefined;
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** The pairs text of a token sequence: one `a_b` token per adjacent pair. */
export function pairsText(tokens: readonly string[]): string {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) pairs.push(`${tokens[i]}_${tokens[i + 1]}`);
  return pairs.join(' ');
}

/**
 * The words-index tokens of each text, as SQLite's tokenizer makes them: through a scratch FTS5
 * table with the same tokenizer in this connection's temp schema, read back in order from its
 * fts5vocab 'instance' view, then emptied. Inside a transaction the scratch table lives or goes
 * with it, so it is created when missing each time.
 */
export async function sqliteTokens<DB>(db: Kysely<DB>, texts: readonly string[]): Promise<string[][]> {
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens USING fts5(t, content='', tokenize=${sql.lit(WORDS_TOKENIZER)})`.execute(db);
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_tokens_seen USING fts5vocab(temp, search_tokens, instance)`.execute(db);
  const out: string[][] = [];
  for (let start = 0; start < texts.length; start += 200) {
    const batch = texts.slice(start, start + 200);
    await sql`INSERT INTO temp.search_tokens(rowid, t) VALUES ${sql.join(batch.map((t, i) => sql`(${i + 1}, ${t})`))}`.execute(db);
    const { rows } = await sql<{ term: string; doc: number; offset: number }>`SELECT term, doc, "offset" FROM temp.search_tokens_seen`.execute(db);
    await sql`INSERT INTO temp.search_tokens(search_tokens) VALUES ('delete-all')`.execute(db);
    const byDoc = batch.map((): { term: string; offset: number }[] => []);
    for (const r of rows) byDoc[r.doc - 1]!.push(r);
    for (const found of byDoc) out.push(found.sort((a, b) => a.offset - b.offset).map((r) => r.term));
  }
  return out;
}

/** The words-index tokens of each text: ASCII texts in JavaScript, the others by SQLite. */
export async function tokensOf<DB>(db: Kysely<DB>, texts: readonly string[]): Promise<string[][]> {
  const out = texts.map((t) => asciiTokens(t));
  const others = out.flatMap((tokens, i) => (tokens ? [] : [i]));
  if (others.length === 0) return out as string[][];
  const found = await sqliteTokens(db, others.map((i) => texts[i]!));
  others.forEach((i, k) => (out[i] = found[k]));
  return out as string[][];
}

/** One character of a word, as FTS5 compares prefixes (whole code points). */
const firstOf = (word: string) => String.fromCodePoint(word.codePointAt(0)!);

/** The cuts text of a token sequence: one `a__b` token per adjacent pair, b the second word's first character. */
export function cutsText(tokens: readonly string[]): string {
  const cuts: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) cuts.push(`${tokens[i]}__${firstOf(tokens[i + 1]!)}`);
  return cuts.join(' ');
}

/** The pairs and cuts texts of each search text, for the two pair indexes. */
export async function pairTextsOf<DB>(db: Kysely<DB>, texts: readonly string[]): Promise<{ pairs: string; cuts: string }[]> {
  return (await tokensOf(db, texts)).map((tokens) => ({ pairs: pairsText(tokens), cuts: cutsText(tokens) }));
}

/**
 * The pair index and FTS5 query answering a search term: the cuts index when its last word has
 * one character (`"abono__f foliar__l lote__3"`), else the pairs index
 * (`"abono_foliar foliar_lote lote_17"*`). Undefined when neither can: a term of one word has no
 * pair, and a term beyond ASCII would need SQLite's tokenizer to split it (the words index answers
 * both, as before).
 */
export function pairsQuery(term: string): { index: 'pairs' | 'cuts'; match: string } | undefined {
  const tokens = asciiTokens(term);
  if (!tokens || tokens.length < 2) return undefined;
  if (tokens[tokens.length - 1]!.length === 1) return { index: 'cuts', match: `"${cutsText(tokens)}"` };
  return { index: 'pairs', match: `"${pairsText(tokens)}"*` };
}
