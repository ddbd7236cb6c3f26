import { dataMessages } from '../messages.ts';
import { PAGE_SIZE_OPTIONS } from '../rows-per-page.ts';

/** 'Filas por página': 10 (the spec's), 25, 50 or 100 (issue 12). */
export function RowsPerPage({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <label className="rows-per-page">
      <span>{dataMessages.rowsPerPage}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
