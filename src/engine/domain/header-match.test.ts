import { describe, expect, it } from 'vitest';
import { findTable } from '../../shared/catalog/index.ts';
import { composeHeaderLabels, fillBarePeriods, isPeriodLabel, mapColumns, matchWording, ownHeaderLabels } from './header-match.ts';
import { titleOf } from './titles.ts';

const table = (name: string) => findTable(name)!;

describe('header matching', () => {
  it('ignores accents, case, spaces and words split mid-way', () => {
    expect(matchWording('CANTIDA D', 'Cantidad')).toBeGreaterThan(0);
    expect(matchWording('AREA (HA)', 'Área (ha)')).toBeGreaterThan(0);
    expect(matchWording('Rendimiento/h a', 'Rendimiento/ha')).toBeGreaterThan(0);
    expect(matchWording('FECHAS SIEMBRA', 'Fecha siembra')).toBeGreaterThan(0);
    expect(matchWording('Valor', 'Valor total')).toBe(0);
    expect(matchWording('Cuota total', 'Cuota')).toBe(0);
  });

  it('a percentage column whose header opens with the sign: % SOBRE C.D.', () => {
    expect(matchWording('% SOBRE C.D.', '%')).toBeGreaterThan(0);
    expect(matchWording('%', '%')).toBeGreaterThan(0);
    expect(matchWording('Valor %', '%')).toBe(0);
    expect(matchWording('%SOBRE', '%')).toBe(0);
  });

  it('reads two-level headers: VALOR over UNITARIO | TOTAL', () => {
    const rows = [
      ['PRODUCTO', 'CANTIDAD', 'VALOR ($)', '', 'PERÍODO'],
      ['', '', 'UNITARIO', 'TOTAL', ''],
    ];
    const labels = composeHeaderLabels(rows, 5);
    expect(labels).toEqual(['PRODUCTO', 'CANTIDAD', 'VALOR ($) UNITARIO', 'VALOR ($) TOTAL', 'PERÍODO']);
    expect(mapColumns(labels, table('IngresosActividad'), ownHeaderLabels(rows, 5)).keys).toEqual([
      'actividad',
      'cantidad',
      'precio_unitario',
      'valor_total',
      'periodo',
    ]);
  });

  it('grid-1006: CUOTA over CAPITAL | INTERESES | TOTAL names each sub-column', () => {
    const rows = [
      ['PERIODO', 'FECHA DE PAGO', 'SALDO INICIAL', 'CUOTA', '', '', 'SALDO'],
      ['', '', '', 'CAPITAL', 'INTERESES', 'TOTAL', ''],
    ];
    const mapping = mapColumns(composeHeaderLabels(rows, 7), table('PlanAmortizacionDetalle'), ownHeaderLabels(rows, 7));
    expect(mapping.keys).toEqual(['numero_cuota', 'fecha_pago', 'saldo_inicial', 'capital', 'intereses', 'valor_cuota', 'saldo_final']);
  });

  it('joins a period header split over two lines', () => {
    const labels = composeHeaderLabels([['Concepto', 'Mes 1', 'Mes', 'Mes 3'], ['', '', '2', '']], 4);
    expect(labels).toEqual(['Concepto', 'Mes 1', 'Mes 2', 'Mes 3']);
    expect(labels.slice(1).every(isPeriodLabel)).toBe(true);
    expect(isPeriodLabel('AÑO 0')).toBe(true);
    expect(isPeriodLabel('Total año')).toBe(false);
  });

  it('reads numbered and qualified titles', () => {
    expect(titleOf(['4. Presupuesto de inversión'])?.name).toBe('CostosDirectos');
    expect(titleOf(['5. Ingresos operacionales (mensual)'])?.name).toBe('IngresosOperacionales');
    expect(titleOf(['RESUMEN ANUAL DEL CREDITO'])?.name).toBe('PlanAmortizacionResumen');
    expect(titleOf(['INGRESOS DEL PROYECTO'])?.name).toBe('IngresosActividad');
    expect(titleOf(['BALANCE GENERAL RESUMIDO'])).toBeUndefined();
  });
});

describe('fillBarePeriods (a period header whose number OCR lost)', () => {
  it('puts back the number a bare period word stands for between its neighbours', () => {
    expect(fillBarePeriods(['CONCEPTO', 'MES 1', 'MES 2', 'MES', 'MES 4', 'TOTAL'])).toEqual(['CONCEPTO', 'MES 1', 'MES 2', 'MES 3', 'MES 4', 'TOTAL']);
    expect(fillBarePeriods(['Concepto', 'Año', 'Año 2', 'Año 3'])).toEqual(['Concepto', 'Año 1', 'Año 2', 'Año 3']);
  });
  it('leaves a bare word whose neighbours do not say which period it is', () => {
    expect(fillBarePeriods(['CONCEPTO', 'MES 1', 'MES', 'MES 5'])).toEqual(['CONCEPTO', 'MES 1', 'MES', 'MES 5']);
    // A misread number between two that bracket it is the one between; any other neighbours keep it.
    expect(fillBarePeriods(['Concepto', 'Mes 7', 'Mes 5', 'Mes 9'])).toEqual(['Concepto', 'Mes 7', 'Mes 8', 'Mes 9']);
    expect(fillBarePeriods(['Concepto', 'Mes 7', 'Mes 5', 'Mes 10'])).toEqual(['Concepto', 'Mes 7', 'Mes 5', 'Mes 10']);
    expect(fillBarePeriods(['Concepto', 'AÑO 1', 'MES 5', 'AÑO 3'])).toEqual(['Concepto', 'AÑO 1', 'MES 5', 'AÑO 3']);
    expect(fillBarePeriods(['CONCEPTO', 'MES 11', 'MES'])).toEqual(['CONCEPTO', 'MES 11', 'MES']);
    expect(fillBarePeriods(['CONCEPTO', 'AÑO 1', 'MES', 'AÑO 3'])).toEqual(['CONCEPTO', 'AÑO 1', 'MES', 'AÑO 3']);
  });
});
