/**
 * Words read as one text, a space between each: what the stream finder's tests of kind (a number,
 * a date, a title) look at. Not a cell's text as stored: that is join-words.ts, which sets the
 * spaces a layout leaves.
 */
export const wordsText = (words: readonly { text: string }[]): string => words.map((w) => w.text).join(' ');
