/**
 * PDFium compiled to WebAssembly (`@embedpdf/pdfium`, MIT; decision 001, "Issue 14: PDFium reads
 * the pages"), loaded once per process and called through its raw exports: the package's `cwrap`
 * wrappers convert every argument on every call, and a page makes tens of thousands of calls.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { init } from '@embedpdf/pdfium';

/** The exports the engine calls: pointers and handles are numbers (wasm32). */
export interface PdfiumExports {
  malloc(size: number): number;
  free(ptr: number): void;
  FPDF_InitLibrary(): void;
  FPDF_LoadMemDocument(data: number, size: number, password: number): number;
  FPDF_CloseDocument(doc: number): void;
  FPDF_GetLastError(): number;
  FPDF_GetPageCount(doc: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDFPage_GetRotation(page: number): number;
  FPDFPage_GetMediaBox(page: number, l: number, b: number, r: number, t: number): number;
  FPDFPage_GetCropBox(page: number, l: number, b: number, r: number, t: number): number;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  FPDFPageObj_GetType(obj: number): number;
  FPDFPageObj_GetMatrix(obj: number, matrix: number): number;
  FPDFPageObj_GetFillColor(obj: number, r: number, g: number, b: number, a: number): number;
  FPDFPath_GetDrawMode(obj: number, fillMode: number, stroke: number): number;
  FPDFPath_CountSegments(obj: number): number;
  FPDFPath_GetPathSegment(obj: number, index: number): number;
  FPDFPathSegment_GetPoint(seg: number, x: number, y: number): number;
  FPDFPathSegment_GetType(seg: number): number;
  FPDFPathSegment_GetClose(seg: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, index: number): number;
  FPDFImageObj_GetImagePixelSize(obj: number, w: number, h: number): number;
  FPDFPageObj_CountMarks(obj: number): number;
  FPDFPageObj_GetMark(obj: number, index: number): number;
  FPDFPageObjMark_RemoveParam(obj: number, mark: number, key: number): number;
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(textPage: number): void;
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  FPDFText_GetFontSize(textPage: number, index: number): number;
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetTextObject(textPage: number, index: number): number;
  FPDFTextObj_GetFont(textObj: number): number;
  FPDFFont_GetFlags(font: number): number;
  FPDFFont_GetIsEmbedded(font: number): number;
  FPDFFont_GetBaseFontName(font: number, buffer: number, length: number): number;
}

export interface Pdfium {
  fn: PdfiumExports;
  /** Views of the module's memory, taken again after any call that may grow it (see `heap`). */
  heap(): { u8: Uint8Array; i32: Int32Array; u32: Uint32Array; f32: Float32Array; f64: Float64Array };
}

/**
 * Most memory PDFium's heap may take (MB). PDFium inflates a page's whole content stream when it
 * loads the page: a 2 KB decompression bomb asks for 2 GB. Past this cap its allocation fails,
 * PDFium aborts, and the page is given up (read-pages.ts); the child serves no other document.
 */
export const PDFIUM_HEAP_MB = 256;

let loading: Promise<Pdfium> | undefined;
let broken = false;

/**
 * Whether PDFium aborted in this process (its heap cap, a fault): its state can no longer be
 * trusted, so the engine's child must not serve another document (runtime/child-core.ts).
 */
export function pdfiumBroken(): boolean {
  return broken;
}

/** Marks PDFium unusable in this process (see pdfiumBroken). */
export function markPdfiumBroken(): void {
  broken = true;
}

/**
 * Lets the module's memory grow only up to `capBytes`: a larger request fails as out of memory.
 * Every growth comes through here (Emscripten grows the memory from JavaScript), so `onGrow` tells
 * when views of the old buffer are detached.
 */
function capGrowth(memory: { buffer: ArrayBuffer; grow(pages: number): number }, capBytes: number, onGrow: () => void): void {
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number) => {
    if (memory.buffer.byteLength + pages * 65536 > capBytes) throw new RangeError(`PDFium's heap would pass ${capBytes} bytes`);
    onGrow();
    return grow(pages);
  };
}

/** The module's bytes ship in the package: nothing is fetched at run time. */
function wasmBytes(): Uint8Array {
  const require = createRequire(import.meta.url);
  return fs.readFileSync(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
}

/** PDFium, compiled and initialised once per process. */
export function pdfium(): Promise<Pdfium> {
  if (broken) return Promise.reject(new Error('PDFium aborted earlier in this process'));
  loading ??= (async () => {
    // Emscripten's own messages (a failed growth) stay out of the child's stderr: the failure itself
    // reaches the reader as an abort.
    const quiet = () => undefined;
    const wrapped = await init({ wasmBinary: wasmBytes() as unknown as ArrayBuffer, print: quiet, printErr: quiet });
    const fn = wrapped.pdfium.wasmExports as unknown as PdfiumExports;
    fn.FPDF_InitLibrary();
    const memory = (wrapped.pdfium.wasmExports as unknown as { memory: { buffer: ArrayBuffer; grow(pages: number): number } }).memory;
    let views: ReturnType<Pdfium['heap']> | undefined;
    // The memory grows as documents load: a view of the old buffer would be detached. Views are
    // made again only then; reading `memory.buffer` on every call cost ~1% of the engine's CPU.
    capGrowth(memory, PDFIUM_HEAP_MB * 1024 * 1024, () => (views = undefined));
    const heap = () => {
      if (!views) {
        const buffer = memory.buffer;
        views = { u8: new Uint8Array(buffer), i32: new Int32Array(buffer), u32: new Uint32Array(buffer), f32: new Float32Array(buffer), f64: new Float64Array(buffer) };
      }
      return views;
    };
    return { fn, heap };
  })();
  return loading;
}
