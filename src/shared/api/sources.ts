import { Type, type Static } from '@sinclair/typebox';

// Where extracted values were printed, as stored with each row and answered by the API. The keys
// are single words, so the engine's shape is the stored and the wire shape as it is (no renaming).

/** A rectangle on a page in PDF points, origin at the top-left of the upright page, y downwards. */
export const Box = Type.Object({ x0: Type.Number(), y0: Type.Number(), x1: Type.Number(), y1: Type.Number() });
export type Box = Static<typeof Box>;

/** A page's size in points as the engine read it (upright, after turning it `rotation` degrees). */
export const PageSize = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  width: Type.Number({ minimum: 0 }),
  height: Type.Number({ minimum: 0 }),
  rotation: Type.Integer(),
});
export type PageSize = Static<typeof PageSize>;

export const TableMethod = Type.Union([Type.Literal('lattice'), Type.Literal('stream'), Type.Literal('keyvalue')]);

/** Where one stored value was printed: its cell's text as printed and the cell's box. */
export const CellSource = Type.Object({
  text: Type.String(),
  box: Type.Union([Box, Type.Null()]),
  /** Only when the cell is on another page than its row (a period header on the table's first page). */
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type CellSource = Static<typeof CellSource>;

/** Where a stored row was printed: page, the table's box there, how the table was found, each value's cell. */
export const RowSource = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  bbox: Box,
  method: TableMethod,
  /** By column key: one entry per stored value. */
  cells: Type.Record(Type.String(), CellSource),
});
export type RowSource = Static<typeof RowSource>;
