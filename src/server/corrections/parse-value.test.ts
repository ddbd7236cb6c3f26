import { describe, expect, it } from 'vitest';
import { findTable, type CatalogColumn } from '../../shared/catalog/index.ts';
import { HttpError } from '../errors.ts';
import { parseCorrection } from './parse-value.ts';

const column = (table: string, key: string): CatalogColumn => findTable(table)!.columns.find((c) => c.key === key)!;

describe('parseCorrection', () => {
  it('reads numbers the Colombian way, or plain', () => {
    const money = column('CostosDirectos', 'valor_total');
    expect(parseCorrection(money, '1.234.567,89')).toBe(1234567.89);
    expect(parseCorrection(money, '$ 1.500.000')).toBe(1500000);
    expect(parseCorrection(money, '1234567.89')).toBe(1234567.89);
    expect(parseCorrection(money, '1234567')).toBe(1234567);
    expect(parseCorrection(money, '(1.200)')).toBe(-1200);
    expect(parseCorrection(column('PlanAmortizacionDetalle', 'numero_cuota'), '12')).toBe(12);
    expect(parseCorrection(column('CostosIndirectos', 'porcentaje'), '12,5%')).toBe(12.5);
  });

  it('reads dates day first, as ISO', () => {
    const date = column('PlanAmortizacionDetalle', 'fecha_pago');
    expect(parseCorrection(date, '05/04/2025')).toBe('2025-04-05');
    expect(parseCorrection(date, '15-abr-2025')).toBe('2025-04-15');
  });

  it('keeps text as typed and empties a cell on an empty value', () => {
    expect(parseCorrection(column('CostosDirectos', 'concepto'), '  Siembra  de maíz ')).toBe('Siembra de maíz');
    expect(parseCorrection(column('CostosDirectos', 'valor_total'), '')).toBeNull();
    expect(parseCorrection(column('CostosDirectos', 'valor_total'), null)).toBeNull();
  });

  it('refuses what does not read as the type, in Spanish, naming the format', () => {
    const refused = (table: string, key: string, text: string) => {
      try {
        parseCorrection(column(table, key), text);
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).statusCode).toBe(400);
        return (err as HttpError).spanish;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refused('CostosDirectos', 'valor_total', '12abc')).toMatch(/1\.234\.567,89/);
    expect(refused('PlanAmortizacionDetalle', 'fecha_pago', '31/02/2025')).toMatch(/dd\/mm\/aaaa/);
    expect(refused('PlanAmortizacionDetalle', 'numero_cuota', '1,5')).toMatch(/entero/);
    expect(refused('CostosIndirectos', 'porcentaje', 'DTF + 7%')).toMatch(/porcentaje/);
  });

  it('refuses a number a double cannot hold exactly, instead of storing other digits', () => {
    const money = column('CostosDirectos', 'valor_total');
    expect(parseCorrection(money, '9.007.199.254.740.991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseCorrection(money, '-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    for (const text of ['99999999999999999999999', '9.007.199.254.740.993', '-10000000000000000', '9'.repeat(300)]) {
      const err = (() => {
        try {
          parseCorrection(money, text);
        } catch (e) {
          return e as HttpError;
        }
        throw new Error(`${text} was accepted`);
      })();
      expect(err.statusCode).toBe(400);
      expect(err.code).toBe('VALUE_TOO_LARGE');
      expect(err.spanish).toMatch(/es demasiado grande para Valor total: el máximo es 9\.007\.199\.254\.740\.991\.$/);
    }
  });
});
