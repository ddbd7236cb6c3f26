import { describe, expect, it } from 'vitest';
import { addFiles, processError, uploadError } from './validation.ts';

const pdf = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('addFiles (spec §5)', () => {
  it('adds up to three and says so when more were picked', () => {
    const result = addFiles([pdf('a.pdf')], [pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(result.errors).toEqual(['Solo se permiten 3 archivos como máximo']);
  });
  it('refuses non-PDFs and files over 10 MB', () => {
    const big = { name: 'big.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 } as File;
    const txt = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const result = addFiles([], [txt, big, pdf('ok.pdf')]);
    expect(result.files.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(result.errors).toEqual(['Solo se permiten archivos PDF', 'El archivo "big.pdf" supera el máximo de 10MB por archivo']);
  });
  it('accepts a .pdf whose type the system left empty', () => {
    expect(addFiles([], [new File(['%PDF'], 'scan.PDF', { type: '' })]).files).toHaveLength(1);
  });
});

describe('processError and uploadError', () => {
  it('blocks an empty or oversized selection with the spec texts', () => {
    expect(processError([])).toBe('No hay archivos para procesar');
    expect(processError([pdf('a'), pdf('b'), pdf('c'), pdf('d')])).toBe('No puedes procesar más de 3 archivos a la vez');
    expect(processError([pdf('a.pdf')])).toBeNull();
  });
  it('the upload operation refuses more than 3 files and non-PDF types', () => {
    expect(uploadError([pdf('a'), pdf('b'), pdf('c'), pdf('d')])).toBe('No se pueden subir más de 3 archivos a la vez');
    expect(uploadError([new File(['x'], 'a.png', { type: 'image/png' })])).toBe('Solo se permiten archivos PDF');
    expect(uploadError([pdf('a.pdf')])).toBeNull();
  });
});
