const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/FFFF). */
function forbidden(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff;
}

/**
 * Text safe inside an XML or HTML element or attribute. PDF text carries control characters and
 * broken surrogates now and then; they become U+FFFD so the picture stays well-formed.
 */
export function esc(text: string): string {
  let out = '';
  for (const ch of text) out += forbidden(ch.codePointAt(0)!) ? '\uFFFD' : (ESCAPES[ch] ?? ch);
  return out;
}

/** A coordinate with two decimals at most: finer than any print, and short in the file. */
export function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}
