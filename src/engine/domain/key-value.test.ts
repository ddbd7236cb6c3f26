import { describe, expect, it } from 'vitest';
import { HEADER_FIELDS } from './header-fields.ts';
import { pairsInRow } from './key-value.ts';

describe('label/value pairs in a row', () => {
  it('stream-2003: a value split over two columns is joined up to the next label', () => {
    const row = ['Solicitante:', 'Martha Cecilia Ospina', 'Cifuentes', 'Documento de identidad:', '1.001.597.902'];
    expect(pairsInRow(row, HEADER_FIELDS)).toEqual([
      { key: 'solicitante', label: 'Solicitante', value: 'Martha Cecilia Ospina Cifuentes' },
      { key: 'documento_identidad', label: 'Documento de identidad', value: '1.001.597.902' },
    ]);
  });

  it('stops a value at a label it does not know, printed with a colon', () => {
    const row = ['Línea:', 'Inversión - Compra de', 'animales', 'Teléfono:', '312 928 7552'];
    expect(pairsInRow(row, HEADER_FIELDS)).toEqual([{ key: 'linea', label: 'Línea', value: 'Inversión - Compra de animales' }]);
  });

  it('gives no value to a label followed by another label', () => {
    expect(pairsInRow(['Vereda:', 'Municipio:', 'Mocoa'], HEADER_FIELDS)).toEqual([
      { key: 'municipio', label: 'Municipio', value: 'Mocoa' },
    ]);
  });
});
