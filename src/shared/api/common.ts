import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';

/** Every error the API answers: Spanish text for people, English detail, stable code. */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Spanish, for people: the web app shows it as it is.' }),
    detail: Type.String({ description: 'English, for developers.' }),
    code: Type.String({ description: 'Stable identifier to branch on (e.g. UNAUTHENTICATED, NOT_FOUND, NOT_PDF).' }),
  },
  { description: 'Every error answer of the API.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export { MAX_PAGE_SIZE };
/**
 * Query strings are coerced to numbers, and `1e308` is an integer to JSON Schema: without a
 * ceiling the offset is a float no database takes (500). 10^7 pages of 100 rows is 10^9 rows.
 */
export const MAX_PAGE = 10_000_000;
/** Ids are PostgreSQL `integer`s: a larger one in a path is a bad request, not a 500. */
export const MAX_ID = 2_147_483_647;
/**
 * ajv coerces the query strings `Infinity` and `-Infinity` to numbers that pass `integer` and skip
 * `minimum`/`maximum` (both guarded by isFinite); checking the coerced value's type again refuses
 * them. Spread into every integer read from a query string or a path.
 */
const FINITE = { allOf: [{ type: 'integer' }] };

export const Pagination = Type.Object({
  page: Type.Integer(),
  page_size: Type.Integer(),
  total_items: Type.Integer(),
  total_pages: Type.Integer(),
  has_next: Type.Boolean(),
  has_previous: Type.Boolean(),
});
export type Pagination = Static<typeof Pagination>;

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: 'Page number, from 1.', ...FINITE })),
  page_size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Items per page, at most ${MAX_PAGE_SIZE}.`, ...FINITE }),
  ),
};

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Numeric id.', ...FINITE }) }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

export function paginationOf(page: number, pageSize: number, totalItems: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  return {
    page,
    page_size: pageSize,
    total_items: totalItems,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/** `GET /api/health`: the web app's connectivity probe (no auth, never cached). */
export const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });
export type HealthResponse = Static<typeof HealthResponse>;
