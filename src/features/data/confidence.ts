/**
 * A table's confidence (0..1, the mean of the engine's signals, decision 014) in words. `alta`:
 * at 0.9 every signal holds but for small losses (a partial title alone gives 0.95); `media` down
 * to 0.7, one signal clearly off (a title not found with the rest perfect is 0.75); `baja` below,
 * where two signals fail and the values need checking against the PDF.
 */
export type ConfidenceLevel = 'high' | 'medium' | 'low' | 'unknown';

export function confidenceLevel(confidence: number | null): ConfidenceLevel {
  if (confidence === null) return 'unknown';
  if (confidence >= 0.9) return 'high';
  if (confidence >= 0.7) return 'medium';
  return 'low';
}
