/** Quarter turns, clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** One photographed page of a paper application, before it goes into the PDF. */
export interface PhotoPage {
  id: string;
  /** The photo as the camera gave it. */
  file: Blob;
  /** A small JPEG to show (an object URL), so ten 12-megapixel photos do not sit decoded in memory. */
  thumbnail: string;
  rotation: Rotation;
}

export type PhotoAction =
  | { type: 'add'; pages: PhotoPage[] }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'rotate'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** The page list's changes, pure: the order is the PDF's page order. */
export function photoPagesReducer(pages: readonly PhotoPage[], action: PhotoAction): PhotoPage[] {
  switch (action.type) {
    case 'add':
      return [...pages, ...action.pages];
    case 'move': {
      const from = pages.findIndex((p) => p.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= pages.length) return [...pages];
      const next = [...pages];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    }
    case 'rotate':
      return pages.map((p) => (p.id === action.id ? { ...p, rotation: (((p.rotation + 90) % 360) as Rotation) } : p));
    case 'remove':
      return pages.filter((p) => p.id !== action.id);
    case 'clear':
      return [];
  }
}

/** `fotos-2025-03-07-0915.pdf`: local date and time of the assembly. */
export function photoPdfName(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `fotos-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.pdf`;
}
