import { describe, expect, it } from 'vitest';
import { joinsAsBrokenWord } from './broken-word.ts';

describe('joinsAsBrokenWord', () => {
  it('joins the last letters a layout engine carried over from a word too wide for its cell', () => {
    expect(joinsAsBrokenWord('Participació', 'n')).toBe(true);
    expect(joinsAsBrokenWord('Unidade', 's')).toBe(true);
    expect(joinsAsBrokenWord('Cantida', 'd')).toBe(true);
  });

  it('leaves a short word of its own, a capital, a figure and a head that is no word', () => {
    expect(joinsAsBrokenWord('Reparaciones', 'y')).toBe(false);
    expect(joinsAsBrokenWord('Honorarios', 'de')).toBe(false);
    expect(joinsAsBrokenWord('Oficina', 'Sur')).toBe(false);
    expect(joinsAsBrokenWord('Valor', '2')).toBe(false);
    expect(joinsAsBrokenWord('Total:', 'n')).toBe(false);
    expect(joinsAsBrokenWord('Oficina', 'sur')).toBe(false);
  });

  it("joins a cell's last line that is a letter no text ends with (`Quot` over `a`), not a line that goes on", () => {
    expect(joinsAsBrokenWord('Quot', 'a', true)).toBe(true);
    expect(joinsAsBrokenWord('Cantidad', 'e', true)).toBe(true);
    expect(joinsAsBrokenWord('Pago', 'a', false)).toBe(false);
  });
});
