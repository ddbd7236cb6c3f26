/** Spec §2's pagination texts, the same on every list. */
const labels = {
  previous: 'Anterior',
  next: 'Siguiente',
  page: (x: number, y: number) => `Página ${x} de ${y}`,
} as const;

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** 'Anterior' · 'Página x de y' · 'Siguiente' (spec §2). */
export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  const total = Math.max(1, totalPages);
  return (
    <nav className="pagination" aria-label={labels.page(page, total)}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {labels.previous}
      </button>
      <span className="pagination-text" aria-live="polite">
        {labels.page(page, total)}
      </span>
      <button type="button" className="btn btn-secondary" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
