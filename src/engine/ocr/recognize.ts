/**
 * Spanish OCR with tesseract.js (docs/decisions/070-ocr.md): its WebAssembly Tesseract runs in a
 * worker thread of the extraction process, so the engine's thread stays free to report progress
 * while a page is read. The Spanish model ships in the npm package @tesseract.js-data/spa and is
 * read from disk: langPath is that folder (a path, never a URL), nothing is cached or fetched.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GrayImage } from './gray-image.ts';
import { toPgm } from './gray-image.ts';

/** The LSTM model ("best", integer weights): the one tesseract.js uses for its LSTM-only engine. */
const MODEL_FOLDER = '4.0.0_best_int';
const require = createRequire(import.meta.url);

/** Folder holding spa.traineddata.gz inside the installed package. */
export function spanishModelPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), MODEL_FOLDER);
}

/** One recognised word, in pixels of the image read. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1. */
  confidence: number;
  /** Height of the word's text line (ascender to baseline) and the baseline's y under the word's centre. */
  rowHeight: number;
  baseline: number;
  /** The word's font size (em) in pixels; undefined until measured (word-metrics.ts). */
  em?: number;
  /** Index of the Tesseract line the word is on. */
  line?: number;
  /** The word's characters and where each lies along the line, when Tesseract gave them (rule-splits.ts). */
  glyphs?: OcrGlyph[];
}

/** One character of a word read and its horizontal extent, in pixels of the image read. */
export interface OcrGlyph {
  text: string;
  x0: number;
  x1: number;
}

interface TessBBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TessWord {
  text: string;
  confidence: number;
  bbox: TessBBox;
  symbols?: { text?: string; bbox: TessBBox }[];
}

/**
 * A word's box as the union of its glyphs' boxes: the word's own box is sometimes stretched over
 * the words after it on the line (seen with sparse segmentation).
 */
function wordBox(w: TessWord): TessBBox {
  const symbols = w.symbols ?? [];
  if (!symbols.length) return w.bbox;
  return {
    x0: Math.min(...symbols.map((s) => s.bbox.x0)),
    y0: Math.min(...symbols.map((s) => s.bbox.y0)),
    x1: Math.max(...symbols.map((s) => s.bbox.x1)),
    y1: Math.max(...symbols.map((s) => s.bbox.y1)),
  };
}
interface TessLine {
  bbox: TessBBox;
  baseline?: TessBBox;
  rowAttributes?: { row_height?: number };
  words: TessWord[];
}
interface TessBlock {
  paragraphs: { lines: TessLine[] }[];
}

/**
 * Tesseract's page segmentation: 'auto' (3) finds columns and blocks; 'sparse' (11) finds words
 * anywhere; 'block' (6) reads the image as one block of lines.
 */
export type SegMode = 'auto' | 'sparse' | 'block';
const PSM: Record<SegMode, string> = { auto: '3', sparse: '11', block: '6' };

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/**
 * A tesseract worker thread, started on first use and ended by `close`. `onTick` hears Tesseract's
 * own progress while a page is read (a heartbeat for the stall watchdog).
 */
export class OcrEngine {
  private worker: Promise<TesseractWorker> | undefined;
  private tick: (() => void) | undefined;

  private start(): Promise<TesseractWorker> {
    this.worker ??= (async () => {
      const { createWorker, OEM } = await import('tesseract.js');
      return createWorker('spa', OEM.LSTM_ONLY, {
        langPath: spanishModelPath(),
        cacheMethod: 'none',
        gzip: true,
        logger: () => this.tick?.(),
        errorHandler: () => undefined,
      });
    })();
    return this.worker;
  }

  /**
   * Words of a grey image, in reading order as Tesseract segmented them. `charset`: the only
   * characters it may read (words read again, ./reread-words.ts).
   */
  async recognize(image: GrayImage, mode: SegMode, onTick?: () => void, charset?: string): Promise<OcrWord[]> {
    const worker = await this.start();
    this.tick = onTick;
    try {
      const { data } = await worker.recognize(
        Buffer.from(toPgm(image)),
        // Keep spaces between words as printed: a table cell's words stay one phrase.
        { tessedit_pageseg_mode: PSM[mode], preserve_interword_spaces: '1', ...(charset ? { tessedit_char_whitelist: charset } : {}) } as Record<string, string>,
        { text: false, blocks: true },
      );
      return blocksToWords((data.blocks ?? []) as unknown as TessBlock[]);
    } finally {
      this.tick = undefined;
    }
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await (await w.catch(() => undefined))?.terminate().catch(() => undefined);
  }
}

/** A space's width as a share of the line's ascender height. */
const SPACE_PER_ROW_HEIGHT = 0.35;

export function blocksToWords(blocks: readonly TessBlock[]): OcrWord[] {
  const out: OcrWord[] = [];
  let lineNo = -1;
  for (const block of blocks) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) {
        const rowHeight = line.rowAttributes?.row_height ?? line.bbox.y1 - line.bbox.y0;
        const b = line.baseline;
        const words = (line.words ?? []).filter((w) => w.text.trim());
        lineNo++;
        words.forEach((w, i) => {
          const box = { ...wordBox(w) };
          // LSTM glyph boxes can run over the next words of the line: such a word ends a space
          // (about a third of the line's ascender height) before the next begins.
          const next = words[i + 1];
          if (next) {
            const nx = wordBox(next).x0;
            if (nx > box.x0 && nx <= box.x1) box.x1 = Math.max(box.x0 + 1, nx - SPACE_PER_ROW_HEIGHT * rowHeight);
          }
          const cx = (box.x0 + box.x1) / 2;
          const baseline = b && b.x1 !== b.x0 ? b.y0 + ((b.y1 - b.y0) * (cx - b.x0)) / (b.x1 - b.x0) : box.y1;
          const glyphs = (w.symbols ?? []).map((g) => ({ text: g.text ?? '', x0: g.bbox.x0, x1: g.bbox.x1 }));
          out.push({
            text: w.text.trim(),
            ...box,
            confidence: Math.max(0, Math.min(1, w.confidence / 100)),
            rowHeight,
            baseline,
            line: lineNo,
            ...(glyphs.length && glyphs.every((g) => g.text) ? { glyphs } : {}),
          });
        });
      }
    }
  }
  return out;
}
