import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants.ts';

/** Rows per page the data screen offers: the spec's 10 (§9), then 25, 50 and the API's maximum, 100. */
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 25, 50, MAX_PAGE_SIZE] as const;
export const PAGE_SIZE_STORAGE_KEY = 'dataPageSize';

/** The remembered choice, or the spec's default when none (or an unknown one) is stored. */
export function readPageSize(): number {
  try {
    const stored = Number(localStorage.getItem(PAGE_SIZE_STORAGE_KEY));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE; // Storage refused (private mode, policy): the default still works.
  }
}

/** Rows per page, remembered across visits in localStorage. */
export function useRowsPerPage(): [number, (size: number) => void] {
  const [size, setSize] = useState(readPageSize);
  function choose(next: number) {
    setSize(next);
    try {
      localStorage.setItem(PAGE_SIZE_STORAGE_KEY, String(next));
    } catch {
      // Not remembered, still applied.
    }
  }
  return [size, choose];
}
