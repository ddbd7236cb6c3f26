import { binarize } from './binarize.ts';
import { createImage, resize, type GrayImage, type InkMask } from './gray-image.ts';
import { inkRows } from './word-metrics.ts';
import { GROUPED_GAP_PER_ROW_HEIGHT, isWellFormedNumber } from './ocr-words.ts';
import type { OcrEngine, OcrWord } from './recognize.ts';
import type { PixelBox } from './rules.ts';

/**
 * Words read again, one by one (docs/decisions/070-ocr.md). Read with the page, a number's decimal
 * mark and separators (a pixel or two of faint ink at scan resolution) are often lost (`62,000.00`
 * read `6200000`, `6.9` read `69`); read alone, larger and with only the characters numbers are
 * printed with, they mostly come back. Words the page's reading garbled (`GANTIDO`) are read alone
 * too.
 */

/** The characters numbers are printed with: what a number read again may contain. */
export const NUMBER_CHARSET = '0123456789.,$%()-';
/**
 * Height (pixels) a number's word box is enlarged to before it is read again: about twice a digit's
 * height on the page's OCR image, whose decimal marks are then several pixels wide.
 */
export const REREAD_HEIGHT = 48;
/** Fewest inked rows (pixels) that place a weak word's cut by its ink rather than by its box. */
const MIN_INK_ROWS = 4;
/** Most a word is enlarged. */
const MAX_REREAD_SCALE = 3;
/** Numbers read again per page, at most (the least confident first). */
export const MAX_REREAD = 300;
/**
 * Pixels per OCR call: Tesseract's memory grows with the largest image it reads (and is not given
 * back), so numbers are read in batches no larger than a fraction of the page's own image.
 */
export const MAX_BATCH_PIXELS = 3_000_000;
/** Around a word, as a share of its height: room for a comma's tail and the glyphs' blurred edges. */
const PAD_X = 0.5;
const PAD_Y = 0.35;

/** Letters OCR reads for digits: O for 0, l and I for 1, S for 5, B for 8… */
const DIGIT_LIKE = /^[OoQDlI!ZzSsBGbgq]$/;

/**
 * A word that is a number, or one with a digit misread as a letter (`4l`, `1O0`) or framed by stray
 * marks (`[1]`): digits, separators and signs, and at most one letter that looks like a digit.
 */
export function looksNumeric(text: string): boolean {
  const core = text.replace(/[$%().,\-\s[\]|]/g, '');
  if (!/\d/.test(core)) return false;
  const others = core.replace(/\d/g, '');
  return others === '' || DIGIT_LIKE.test(others);
}

const digitsOf = (text: string) => text.replace(/\D/g, '');
const marksOf = (text: string) => text.replace(/[^.,]/g, '').length;

/** Edits (insertions, deletions, substitutions) from one string to another. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Which reading of a number to keep: the one read again when it is a well-formed number and either
 * has the same digits with separators the first reading lost, or the first reading was not a
 * number (`4l`, `$807 .734`, `$3.955 8472`) and the digits differ by one at most. Two well-formed
 * readings with different digits keep the first: alone, a short number is read no more surely (a
 * `1` can come back `17`).
 */
export function betterReading(first: OcrWord, again: OcrWord): OcrWord {
  if (!isWellFormedNumber(again.text)) return first;
  if (!isWellFormedNumber(first.text)) {
    return editDistance(digitsOf(first.text), digitsOf(again.text)) <= 1 ? { ...first, text: again.text, confidence: again.confidence } : first;
  }
  if (digitsOf(first.text) === digitsOf(again.text) && marksOf(again.text) > marksOf(first.text)) {
    return { ...first, text: again.text, confidence: Math.max(first.confidence, again.confidence) };
  }
  return first;
}

interface Crop {
  /** The words read again as one (a number split in two where a separator was lost: `$3.955 842`). */
  unit: number[];
  /** Where the crop was cut from the page (OCR pixels), how much it was enlarged, and where it sits in the stacked image. */
  from: PixelBox;
  scale: number;
  top: number;
  height: number;
}

/** The box and text of words read as one: their union, their texts side by side. */
function unitWord(words: readonly OcrWord[], unit: readonly number[]): OcrWord {
  const ws = unit.map((i) => words[i]!);
  return {
    ...ws[0]!,
    text: ws.map((w) => w.text).join(' '),
    x0: Math.min(...ws.map((w) => w.x0)),
    y0: Math.min(...ws.map((w) => w.y0)),
    x1: Math.max(...ws.map((w) => w.x1)),
    y1: Math.max(...ws.map((w) => w.y1)),
    confidence: Math.min(...ws.map((w) => w.confidence)),
  };
}

/** One number (a unit of words) cut out, other words reaching into the cut blanked, enlarged to REREAD_HEIGHT. */
export function cutWord(img: GrayImage, words: readonly OcrWord[], unit: number[], ink?: InkMask): { unit: number[]; from: PixelBox; scale: number; image: GrayImage } {
  const w = { ...unitWord(words, unit) };
  // Tesseract's box for a word of a line it joined over two table rows spans both: the word is
  // where its ink is (its longest run of inked rows), cut and enlarged from there.
  const rows = ink ? inkRows(ink, w, 1) : undefined;
  if (rows && rows.bottom - rows.top >= MIN_INK_ROWS) {
    w.y0 = rows.top;
    w.y1 = rows.bottom;
  }
  const h = Math.max(1, w.y1 - w.y0);
  const from = {
    x0: Math.max(0, Math.floor(w.x0 - PAD_X * h)),
    y0: Math.max(0, Math.floor(w.y0 - PAD_Y * h)),
    x1: Math.min(img.width, Math.ceil(w.x1 + PAD_X * h)),
    y1: Math.min(img.height, Math.ceil(w.y1 + PAD_Y * h)),
  };
  const cw = Math.max(1, from.x1 - from.x0);
  const ch = Math.max(1, from.y1 - from.y0);
  const cut = createImage(cw, ch, 255);
  for (let y = 0; y < ch; y++) cut.data.set(img.data.subarray((from.y0 + y) * img.width + from.x0, (from.y0 + y) * img.width + from.x0 + cw), y * cw);
  for (let j = 0; j < words.length; j++) {
    const o = words[j]!;
    if (unit.includes(j) || o.x1 <= from.x0 || o.x0 >= from.x1 || o.y1 <= from.y0 || o.y0 >= from.y1) continue;
    const ox0 = Math.max(0, Math.floor(o.x0) - from.x0);
    const ox1 = Math.min(cw, Math.ceil(o.x1) - from.x0);
    for (let y = Math.max(0, Math.floor(o.y0) - from.y0); y < Math.min(ch, Math.ceil(o.y1) - from.y0); y++) cut.data.fill(255, y * cw + ox0, y * cw + Math.max(ox0, ox1));
  }
  const scale = Math.min(MAX_REREAD_SCALE, Math.max(1, REREAD_HEIGHT / h));
  return { unit, from, scale, image: scale > 1 ? resize(cut, Math.round(cw * scale), Math.round(ch * scale)) : cut };
}

/** Words cut out (cutWord) stacked one under another on white, `gap` pixels apart: one image, one OCR call. */
export function stackCuts(cuts: readonly ReturnType<typeof cutWord>[], gap: number): { image: GrayImage; crops: Crop[] } {
  const width = Math.max(1, ...cuts.map((c) => c.image.width)) + 2 * gap;
  const height = cuts.reduce((s, c) => s + c.image.height + gap, gap);
  const image = createImage(width, height, 255);
  const crops: Crop[] = [];
  let top = gap;
  for (const c of cuts) {
    for (let y = 0; y < c.image.height; y++) image.data.set(c.image.data.subarray(y * c.image.width, (y + 1) * c.image.width), (top + y) * width + gap);
    crops.push({ unit: c.unit, from: c.from, scale: c.scale, top, height: c.image.height });
    top += c.image.height + gap;
  }
  return { image, crops };
}

/** What was read again over each unit: its words' texts side by side (one reading), by the unit's index. */
async function readUnits(img: GrayImage, words: readonly OcrWord[], units: readonly number[][], engine: OcrEngine, charset: string | undefined, onTick?: () => void, ink?: InkMask): Promise<Map<number, OcrWord>> {
  const cuts = units
    .map((unit, u) => ({ u, cut: cutWord(img, words, unit, ink) }))
    // Top to bottom: a batch's neighbours are alike (one table's column).
    .sort((a, b) => a.cut.from.y0 - b.cut.from.y0 || a.cut.from.x0 - b.cut.from.x0);
  const out = new Map<number, OcrWord>();
  const gap = Math.round(REREAD_HEIGHT / 2);
  for (let start = 0; start < cuts.length; ) {
    let end = start;
    let width = 0;
    let height = gap;
    while (end < cuts.length) {
      const c = cuts[end]!.cut.image;
      const w = Math.max(width, c.width + 2 * gap);
      if (end > start && w * (height + c.height + gap) > MAX_BATCH_PIXELS) break;
      width = w;
      height += c.height + gap;
      end++;
    }
    const batch = cuts.slice(start, end);
    const { image, crops } = stackCuts(batch.map((b) => b.cut), gap);
    start = end;
    const read = await engine.recognize(image, 'block', onTick, charset);
    crops.forEach((crop, k) => {
      const first = unitWord(words, crop.unit);
      // What was read in this crop over the first reading's box (a neighbour's edge can come along), as one text.
      const toPage = (x: number) => (x - gap) / crop.scale + crop.from.x0;
      const over = read
        .filter((r) => {
          const cy = (r.y0 + r.y1) / 2;
          return cy >= crop.top && cy < crop.top + crop.height && Math.min(first.x1, toPage(r.x1)) > Math.max(first.x0, toPage(r.x0));
        })
        .sort((a, b) => a.x0 - b.x0);
      const joiner = charset ? '' : ' ';
      if (over.length) out.set(batch[k]!.u, { ...over[0]!, text: over.map((r) => r.text).join(joiner), confidence: Math.min(...over.map((r) => r.confidence)) });
    });
  }
  return out;
}

/** Text words read with less confidence than this are read again alone. */
export const WEAK_TEXT_CONFIDENCE = 0.7;
/** A text word read again replaces the first reading when read this much more confidently. */
export const TEXT_CONFIDENCE_GAIN = 0.15;

/** A short weak word read again alone as a number this confidently is that number. */
export const NUMBER_FROM_TEXT_CONFIDENCE = 0.9;
/** Longest word (letters and digits) a number read again may replace. */
export const NUMBER_FROM_TEXT_MAX_LETTERS = 3;

/**
 * Which reading of a weak text word to keep: the second when it is read with clearly more
 * confidence, has letters and about the same length (Tesseract's page layout can garble a word it
 * reads well alone: `GANTIDO` for `CANTIDAD`).
 */
export function betterText(first: OcrWord, again: OcrWord): OcrWord {
  const letters = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '').length;
  if (again.confidence < first.confidence + TEXT_CONFIDENCE_GAIN) return first;
  // A zero (or a short number) the page's reading took for letters (`0` read `Ly`, `p`), read alone
  // as a number with near certainty. Long words are left: a garbled word is no number.
  if (!/\p{L}/u.test(again.text)) {
    const sure = isWellFormedNumber(again.text) && again.confidence >= NUMBER_FROM_TEXT_CONFIDENCE && letters(first.text) <= NUMBER_FROM_TEXT_MAX_LETTERS;
    return sure ? { ...first, text: again.text, confidence: again.confidence } : first;
  }
  if (Math.abs(letters(again.text) - letters(first.text)) > Math.max(2, 0.3 * letters(first.text))) return first;
  return { ...first, text: again.text, confidence: again.confidence };
}

/**
 * The page's words with their numbers and weak words read again (docs/decisions/070-ocr.md): each
 * numeric word (or number split in two, `numberUnits`; the least confident first, at most
 * MAX_REREAD) cut out, enlarged and read in batches of stacked cuts restricted to NUMBER_CHARSET,
 * the reading kept `betterReading`'s; then each text word read with less than WEAK_TEXT_CONFIDENCE
 * likewise, without restriction (`betterText`). Boxes stay as first read (a unit's joined).
 */
export async function rereadWords(img: GrayImage, words: readonly OcrWord[], engine: OcrEngine, onTick?: () => void): Promise<OcrWord[]> {
  const out: (OcrWord | undefined)[] = [...words];
  const numbers = numberUnits(words)
    .sort((a, b) => unitWord(words, a).confidence - unitWord(words, b).confidence)
    .slice(0, MAX_REREAD);
  const again = await readUnits(img, words, numbers, engine, NUMBER_CHARSET, onTick);
  numbers.forEach((unit, u) => {
    const first = unitWord(words, unit);
    const r = again.get(u);
    const kept = r ? betterReading(first, r) : first;
    // A unit read again as one number becomes one word; otherwise its words stay as they were.
    if (kept !== first) unit.forEach((i, k) => (out[i] = k === 0 ? kept : undefined));
  });
  const weak = words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.confidence < WEAK_TEXT_CONFIDENCE && !looksNumeric(w.text) && /\p{L}.*\p{L}/u.test(w.text) && w.x1 > w.x0 && w.y1 > w.y0)
    .sort((a, b) => a.w.confidence - b.w.confidence)
    .slice(0, MAX_REREAD)
    .map(({ i }) => [i]);
  const texts = await readUnits(img, words, weak, engine, undefined, onTick, weak.length ? binarize(img) : undefined);
  weak.forEach(([i], u) => {
    const r = texts.get(u);
    if (r && out[i!]) out[i!] = betterText(out[i!]!, r);
  });
  return out.filter((w): w is OcrWord => !!w);
}

/**
 * The numeric words to read again, each alone or with the numeric words right after it on its line
 * as close as a lost separator leaves them (ocr-words.ts): `$3.955` `842` is one number.
 */
export function numberUnits(words: readonly OcrWord[]): number[][] {
  const units: number[][] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!looksNumeric(w.text) || w.x1 <= w.x0 || w.y1 <= w.y0) continue;
    const last = units.at(-1);
    const prev = last && words[last.at(-1)!]!;
    if (
      prev &&
      last.at(-1) === i - 1 &&
      prev.line === w.line &&
      w.x0 > prev.x1 &&
      w.x0 - prev.x1 <= GROUPED_GAP_PER_ROW_HEIGHT * prev.rowHeight &&
      Math.abs(prev.baseline - w.baseline) < 0.3 * prev.rowHeight
    ) {
      last.push(i);
    } else {
      units.push([i]);
    }
  }
  return units;
}
