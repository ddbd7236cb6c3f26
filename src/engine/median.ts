/** The middle value (the upper one of an even count), or undefined for none: a page's typical size or pitch. */
export function median(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
