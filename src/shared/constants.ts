/**
 * Numbers of the spec (§5, §7, §9) that the server enforces and the web app mirrors. A module of
 * plain values that imports nothing, so the browser bundle takes them without the schema library
 * that `shared/api` builds at load.
 */

/** Rows per page when a list or table request names none; the data and documents screens ask for it. */
export const DEFAULT_PAGE_SIZE = 10;

/** The largest page a list or table request may ask for (the data screen offers up to it). */
export const MAX_PAGE_SIZE = 100;

/** Files one upload may carry. */
export const MAX_FILES_PER_UPLOAD = 3;

/** Largest PDF accepted, in bytes (10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
