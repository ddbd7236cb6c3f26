import { describe, expect, it } from 'vitest';
import { scalePage, type PageSpec } from '../../../tests/fixtures/engine/make-pdf.ts';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../../tests/fixtures/stream/unseen-layouts.ts';

// Every tolerance of the stream finder is a multiple of the type size: the layouts of issue 10
// read the same when the whole page is set smaller or bigger.

const builders = Object.entries(layout).filter((e): e is [string, () => PageSpec] => typeof e[1] === 'function');

describe('unseen layouts at another scale', () => {
  it.each(builders)('%s reads the same at 0.75× and 1.4×', async (_name, build) => {
    const spec = build();
    const rows = (await tablesOfLayout(spec)).map((t) => t.rows);
    for (const k of [0.75, 1.4]) expect((await tablesOfLayout(scalePage(spec, k))).map((t) => t.rows)).toEqual(rows);
  });
});
