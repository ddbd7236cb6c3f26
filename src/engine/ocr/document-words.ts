import type { PageContent, TextChunk } from '../types.ts';

/**
 * Words OCR misread, mended by the same word read well elsewhere in the document
 * (docs/decisions/070-ocr.md). At 150–200 dpi the blur merges letters in predictable ways (`ri` →
 * `n`, `rn` → `m`, `ni` → `m`, `f` → `t`, a thin `i` lost), and Tesseract reads one copy of a word
 * wrong and another right (`temeros` and `terneros`, `captal` and `capital` on one application). A
 * document's own words are the lexicon: no word list is shipped, and only words the document
 * prints, read with high confidence or from a text layer, are put in.
 */

/** A word read at least this confidently (or from a text layer) is one of the document's words. */
export const VOCABULARY_CONFIDENCE = 0.95;
/** A word read this confidently or more is left as read. */
export const MEND_BELOW_CONFIDENCE = 0.93;
/** Words shorter than this are left alone (`Mes`, `kg`: too many neighbours). */
export const MIN_WORD_LETTERS = 4;
/** Words at least this long may also have lost a thin letter (`captal`); shorter ones must match once blurred. */
export const LONG_WORD_LETTERS = 5;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A word as the blur leaves it: merged letter pairs as their merge, `f` as `t`, `l` as `i`. */
export function blurred(word: string): string {
  return fold(word).replace(/rn/g, 'm').replace(/ni/g, 'm').replace(/ri/g, 'n').replace(/rt/g, 'n').replace(/f/g, 't').replace(/l/g, 'i');
}

/** Thin letters the blur can erase whole (`capital` read `captal`, `Litro` read `Ltro`); `l` is `i` once blurred. */
const THIN = new Set(['i', 't', 'r']);

/** The longer of two blurred words is the shorter with one thin letter more, inside it. */
function oneThinLetterMore(a: string, b: string): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  // Inside the word only: a word and another one letter longer at an end are often two words (`Mula`, `Mular`).
  for (let i = 1; i < long.length - 1; i++) if (THIN.has(long[i]!) && long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** One word differs from the other only by a plural ending: two words, not a misreading. */
const pluralOf = (a: string, b: string) => a === `${b}s` || a === `${b}es` || b === `${a}s` || b === `${a}es`;

/** Letters only (an accent is a letter's): the words this step looks at. */
const WORD = /^\p{L}+$/u;

/** The document word a misread word stands for, or undefined when none or several fit. */
export function documentWordFor(word: string, vocabulary: ReadonlyMap<string, string>): string | undefined {
  const key = fold(word);
  if (vocabulary.has(key) || key.length < MIN_WORD_LETTERS) return undefined;
  const mine = blurred(word);
  const fits = new Set<string>();
  for (const [other, printed] of vocabulary) {
    const theirs = blurred(printed);
    if (pluralOf(key, other) || pluralOf(mine, theirs)) continue;
    if (mine === theirs || (key.length >= LONG_WORD_LETTERS && oneThinLetterMore(mine, theirs))) fits.add(printed);
  }
  return fits.size === 1 ? [...fits][0] : undefined;
}

/** The word in the case its misreading was printed in (`CAPITAL`, `Capital`, `capital`). */
function inCaseOf(model: string, word: string): string {
  if (model === model.toUpperCase()) return word.toUpperCase();
  if (model[0] === model[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1).toLowerCase();
  return word.toLowerCase();
}

/**
 * Mends, in place, the OCR words of a document's pages by its well-read words (`documentWordFor`).
 * Text-layer words and confidently read words are never changed. Returns how many were mended.
 */
export function mendByDocumentWords(pages: readonly PageContent[]): number {
  const vocabulary = new Map<string, string>();
  for (const page of pages) {
    for (const chunk of page.chunks) {
      if (chunk.confidence !== undefined && chunk.confidence < VOCABULARY_CONFIDENCE) continue;
      for (const w of chunk.text.split(/\s+/)) if (WORD.test(w) && w.length >= MIN_WORD_LETTERS) vocabulary.set(fold(w), w.toLowerCase());
    }
  }
  let mended = 0;
  for (const page of pages) {
    if (!page.ocr) continue;
    page.chunks = page.chunks.map((chunk): TextChunk => {
      if (chunk.confidence === undefined || chunk.confidence >= MEND_BELOW_CONFIDENCE || !WORD.test(chunk.text)) return chunk;
      const word = documentWordFor(chunk.text, vocabulary);
      if (!word) return chunk;
      mended++;
      return { ...chunk, text: inCaseOf(chunk.text, word) };
    });
  }
  return mended;
}
