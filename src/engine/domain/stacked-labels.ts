import type { Box, TextChunk } from '../types.ts';
import { joinLineWords } from '../text/join-words.ts';
import { labelKey, type LabelCatalog, type Pair } from './key-value.ts';
import { unionOrNull } from '../geometry.ts';

/** How far (points) a value word may stand outside its label's span and still belong to it. */
const SPAN_SLACK = 2;

interface StackedLabel extends Box {
  key: string;
  text: string;
  /** Where the next label of the row starts: a left-aligned value may run up to it. */
  next: number;
}

const centre = (w: TextChunk): number => (w.x0 + w.x1) / 2;

/**
 * Labels printed as a row over one or two lines (`Monto del | Plazo | Periodo de` over
 * `crédito | | gracia`), read by growing each run of first-line words, plus the words under it,
 * to the longest known wording. Columns can stand a word-space apart, so gaps cannot split them.
 */
export function stackedLabels(labelLines: readonly (readonly TextChunk[])[], catalog: LabelCatalog): StackedLabel[] {
  const [top, ...below] = labelLines;
  if (!top) return [];
  const labels: StackedLabel[] = [];
  for (let i = 0; i < top.length; ) {
    let found: StackedLabel | undefined;
    for (let j = top.length - 1; j >= i && !found; j--) {
      const run = top.slice(i, j + 1);
      const x0 = run[0]!.x0;
      const x1 = run[run.length - 1]!.x1;
      const under = below.flatMap((line) => line.filter((w) => centre(w) >= x0 && centre(w) <= x1));
      for (const words of [[...run], [...run, ...under]]) {
        const text = [joinLineWords(words.filter((w) => run.includes(w))), joinLineWords(words.filter((w) => !run.includes(w)))].join(' ').trim();
        const key = labelKey(text, catalog);
        if (key) {
          const all = words;
          found = { key, text, x0: Math.min(...all.map((w) => w.x0)), x1: Math.max(...all.map((w) => w.x1)), y0: 0, y1: 0, next: top[j + 1]?.x0 ?? Infinity };
        }
      }
      if (found) i = j + 1;
    }
    if (found) labels.push(found);
    else i += 1;
  }
  return labels;
}

/**
 * Value words go to the label whose span they overlap (right-aligned amounts), or whose column
 * they start in (left-aligned text running wider than its label).
 */
export function stackedPairs(labels: readonly StackedLabel[], values: readonly TextChunk[]): Pair[] {
  const taken = new Set<TextChunk>();
  return labels.flatMap((label) => {
    const words = values.filter((w) => {
      if (taken.has(w)) return false;
      const overlaps = w.x1 > label.x0 - SPAN_SLACK && w.x0 < label.x1 + SPAN_SLACK;
      const startsIn = w.x0 >= label.x0 - SPAN_SLACK && w.x0 < label.next - SPAN_SLACK;
      return overlaps || startsIn;
    });
    words.forEach((w) => taken.add(w));
    const value = joinLineWords(words).trim();
    return value ? [{ key: label.key, label: label.text, value, box: unionOrNull(words) }] : [];
  });
}
