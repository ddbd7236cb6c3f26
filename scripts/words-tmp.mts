// usage: npx tsx /tmp/h1/words-tmp.ts file.pdf page ymin ymax
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPage } from '../src/engine/pdf/load-pages.ts';
const [file, pg, y0, y1] = process.argv.slice(2);
const doc = await getDocument({ data: new Uint8Array(readFileSync(file!)) }).promise;
const page = await doc.getPage(Number(pg));
const c = await readPage(page as never, Number(pg));
const rows = new Map<number, string[]>();
for (const w of c.chunks) if (w.y0 >= Number(y0) && w.y1 <= Number(y1)) {
  const k = Math.round(w.y1);
  rows.set(k, [...(rows.get(k) ?? []), `${w.text}[${w.x0.toFixed(1)}-${w.x1.toFixed(1)}]`]);
}
for (const [k, ws] of [...rows].sort((a, b) => a[0] - b[0])) console.log(k, ws.join(' '));
