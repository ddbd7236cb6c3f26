/** A word of letters only, the first piece of a word broken inside it. */
const HEAD = /^\p{L}{3,}$/u;
/** What LibreOffice carries over: the last letter or two, lower case. */
const TAIL = /^\p{Ll}{1,2}$/u;

/**
 * Words of one or two letters that start a line on their own in the languages documents come in
 * (Spanish, Portuguese, Italian, English, French): a line wrapped at a space before one of them
 * looks like a word broken inside it, and is read as two words.
 */
const SHORT_WORDS = new Set(
  (
    'a e i o u y á é ó ò à è ì ù ' +
    'al da de di do du el em en es et ha he il in is it la le lo me mi na ne no nu of on or os ou se si so su te to tu un up us we ya yo'
  ).split(' '),
);

/**
 * Of those, one-letter conjunctions, articles and prepositions, which no text ends with: as a
 * cell's last line, alone, such a letter is the end of a word broken inside it (`Quantidad` over
 * `e`, `Quot` over `a`). Not the two-letter words: a label cut short may end with one
 * (`… os resultados` / `do`, general 6006-02).
 */
const NEVER_LAST = new Set(['e', 'y', 'o', 'u', 'i', 'a', 'à']);

/**
 * Whether a cell's line that is one word and the lone piece on the next line are one word a
 * layout engine broke because it was wider than its cell (LibreOffice breaks any word that does
 * not fit a line: `Participació` over `n`, `Unidade` over `s`): the first piece is letters only,
 * the second a letter or two in lower case that is no word of its own, or that is a word no text
 * ends with when it is the cell's last line (`last`). The caller says whether the first piece
 * filled the cell's width.
 */
export function joinsAsBrokenWord(head: string, tail: string, last = false): boolean {
  return HEAD.test(head) && TAIL.test(tail) && (!SHORT_WORDS.has(tail) || (last && NEVER_LAST.has(tail)));
}
