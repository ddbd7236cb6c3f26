import { Type, type Static } from '@sinclair/typebox';

/** Every error the API answers: Spanish text for people, English detail, stable code. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  detail: Type.String(),
  code: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

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
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
};

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
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
