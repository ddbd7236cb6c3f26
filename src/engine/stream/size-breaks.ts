import type { TextLine } from '../text/chunks-to-lines.ts';
import type { StreamSettings } from '../settings.ts';

/**
 * Where a line's type size says something new starts: a title over a table, text in another size
 * after a gap. A PDF's own text carries exact sizes; OCR measures a word's size from its ink
 * (ocr/word-metrics.ts), so a scanned line's size is trusted less, and a misread one not at all.
 */

/**
 * How far apart the sizes OCR measures for lines set in one size fall: a scanned cash-flow table's
 * rows measured 6.5 to 7.5 pt, and the size break cut it into pieces no header named.
 */
const MEASURED_SIZE_SPREAD = 1.2;

/**
 * Below this mean confidence an OCR'd line's size says nothing: misread glyphs give a wrong one.
 * Bold group labels under a rule read `= Lg umm` (mean 0.40) and `— - nes SUELO` (0.64), measured
 * 7.6 pt over rows of 5.5, and cut their tables off their headers; the unseen scans' real titles
 * all read 0.95 and more.
 */
const OCR_TITLE_MIN_CONFIDENCE = 0.8;

const readByOcr = (line: TextLine): boolean => line.words.some((w) => w.confidence !== undefined);

function meanConfidence(line: TextLine): number {
  let sum = 0;
  for (const w of line.words) sum += w.confidence ?? 1;
  return line.words.length ? sum / line.words.length : 1;
}

/**
 * A bigger single-phrase line over smaller text: a title that starts something new. The sizes
 * are compared first; how the title was read is looked at only for a line big enough to be one.
 */
export function isTitleOver(title: TextLine, below: TextLine, settings: StreamSettings): boolean {
  const ratio = title.size / below.size;
  const bigEnough = ratio > settings.titleSizeRatio && (title.phrases.length === 1 || (title.phrases.length <= 3 && ratio > settings.titleSizeRatioMulti));
  return bigEnough && !(readByOcr(title) && meanConfidence(title) < OCR_TITLE_MIN_CONFIDENCE);
}

/**
 * Text set in another size after a clear gap (a running page header over a continued table, a
 * footnote under it) belongs to something else; a header row in a slightly smaller size, set
 * tight over its table, does not trip this. OCR'd lines need the measured spread more.
 */
export function isSizeBreak(upper: TextLine, lower: TextLine, gap: number, settings: StreamSettings): boolean {
  const small = Math.min(upper.size, lower.size);
  const big = Math.max(upper.size, lower.size);
  if (!(big > settings.sizeBreakRatio * small && gap > settings.sizeBreakGapEm * small)) return false;
  return !(readByOcr(upper) || readByOcr(lower)) || big > settings.sizeBreakRatio * MEASURED_SIZE_SPREAD * small;
}
