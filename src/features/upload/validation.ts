import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../../shared/constants.ts';
import { uploadMessages } from './messages.ts';

export function isPdf(file: Pick<File, 'type' | 'name'>): boolean {
  // Some systems report no MIME type for a picked file; then the extension decides (the server checks content).
  return file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
}

export interface AddResult {
  files: File[];
  /** Toast messages to show, in order. */
  errors: string[];
}

/**
 * Adds picked files to the selection (spec §5): non-PDFs and files over 10 MB are refused with a
 * message each; beyond three, 'Solo se permiten 3 archivos como máximo' and the ones that fit stay.
 */
export function addFiles(current: readonly File[], incoming: readonly File[]): AddResult {
  const files = [...current];
  const errors: string[] = [];
  let overflow = false;
  for (const file of incoming) {
    if (!isPdf(file)) {
      if (!errors.includes(uploadMessages.onlyPdf)) errors.push(uploadMessages.onlyPdf);
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      errors.push(uploadMessages.tooLarge(file.name));
      continue;
    }
    if (files.length >= MAX_FILES_PER_UPLOAD) {
      overflow = true;
      continue;
    }
    files.push(file);
  }
  if (overflow) errors.unshift(uploadMessages.tooMany);
  return { files, errors };
}

/** The 'Procesar Archivos' check (spec §5): null when the selection may be processed. */
export function processError(files: readonly File[]): string | null {
  if (files.length === 0) return uploadMessages.noneToProcess;
  if (files.length > MAX_FILES_PER_UPLOAD) return uploadMessages.processLimit;
  return null;
}

/** The upload operation's own check (spec §5), run again right before sending. */
export function uploadError(files: readonly Pick<File, 'type' | 'name' | 'size'>[]): string | null {
  if (files.length > MAX_FILES_PER_UPLOAD) return uploadMessages.uploadLimit;
  if (files.some((f) => !isPdf(f))) return uploadMessages.onlyPdf;
  const big = files.find((f) => f.size > MAX_FILE_BYTES);
  if (big) return uploadMessages.tooLarge(big.name);
  return null;
}
