import type { TextChunk } from '../types.ts';
import type { Phrase, TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';
import { isListMarker, isNumeric } from './text-kinds.ts';

/**
 * A figure column set tight against a text column (decision 013, seventh pass): a spreadsheet
 * printed with only its cells' padding between them (Gnumeric through cairo) puts a right-aligned
 * figure a word space before a left-aligned word, `179 horsebean`, so every body line is one
 * phrase and the block has no row of two cells. A header that names both columns (`weight  feed`,
 * words only, two phrases or more) says where the second starts: when most lines under it
 * (`alignedShare`, at least `minTableRows`) hold a figure standing alone, ending on one edge
 * before that start, followed by a word starting on it (`alignTolEm`), those lines are cut there.
 * A numbered list has no such header; words that start elsewhere are left as they are.
 */
export function splitTightColumns(block: TextLine[], settings: StreamSettings): TextLine[] {
  let out = block;
  for (let h = 0; h < out.length; h++) {
    const header = out[h]!;
    if (header.phrases.length < 2 || header.words.some((w) => /\d/.test(w.text))) continue;
    for (const phrase of header.phrases.slice(1)) out = splitAt(out, h, phrase.x0, settings);
  }
  return out;
}

interface Cut {
  line: number;
  word: number;
}

function splitAt(lines: TextLine[], header: number, start: number, settings: StreamSettings): TextLine[] {
  const below = lines.slice(header + 1);
  const cuts: Cut[] = [];
  const ends: number[] = [];
  for (let i = 0; i < below.length; i++) {
    const line = below[i]!;
    const tol = settings.alignTolEm * line.size;
    const at = line.words.findIndex((w) => Math.abs(w.x0 - start) <= tol);
    if (at <= 0) continue;
    const figure = line.words[at - 1]!;
    const phrase = line.phrases.find((p) => p.words.includes(figure));
    if (!phrase || !phrase.words.includes(line.words[at]!) || !standsAlone(figure, line.words[at - 2], phrase)) continue;
    cuts.push({ line: header + 1 + i, word: at });
    ends.push(figure.x1);
  }
  const tol = settings.alignTolEm * lines[header]!.size;
  if (cuts.length < settings.minTableRows || cuts.length < settings.alignedShare * below.length) return lines;
  if (Math.max(...ends) - Math.min(...ends) > tol) return lines;
  const out = lines.slice();
  for (const cut of cuts) out[cut.line] = cutLine(out[cut.line]!, out[cut.line]!.words[cut.word]!);
  return out;
}

/** A figure that is a cell's whole text: a number, not a list marker, first in its phrase. */
function standsAlone(figure: TextChunk, before: TextChunk | undefined, phrase: Phrase): boolean {
  return isNumeric(figure.text) && !isListMarker(figure.text) && (!before || phrase.words[0] === figure);
}

function cutLine(line: TextLine, at: TextChunk): TextLine {
  const phrases = line.phrases.flatMap((p): Phrase[] => {
    const i = p.words.indexOf(at);
    if (i <= 0) return [p];
    const left = p.words.slice(0, i);
    const right = p.words.slice(i);
    return [
      { words: left, x0: p.x0, x1: Math.max(...left.map((w) => w.x1)) },
      { words: right, x0: at.x0, x1: p.x1 },
    ];
  });
  return { ...line, phrases };
}
