/**
 * What a spreadsheet template prints for each catalogue table and column: titles and header
 * wordings taken from tables.md (several per key, one chosen per document), and the labels of the
 * header fields.
 */
export const TITLES: Partial<Record<string, string[]>> = {
  CultivoProyecto: ['CULTIVO / PROYECTO', 'INFORMACIÓN DEL CULTIVO', 'DATOS DEL PROYECTO PRODUCTIVO'],
  InventarioPecuario: ['INVENTARIO PECUARIO', 'INVENTARIO GANADERO', 'SEMOVIENTES'],
  CostosDirectos: ['COSTOS DIRECTOS', 'COSTOS DE PRODUCCIÓN', 'PRESUPUESTO DE INVERSIÓN'],
  CostosIndirectos: ['COSTOS INDIRECTOS', 'OTROS COSTOS'],
  PlanAmortizacion: ['PLAN DE AMORTIZACIÓN', 'CONDICIONES DEL CRÉDITO'],
  PlanAmortizacionDetalle: ['DETALLE PLAN DE AMORTIZACIÓN', 'TABLA DE AMORTIZACIÓN'],
  PlanAmortizacionResumen: ['RESUMEN PLAN DE AMORTIZACIÓN', 'RESUMEN ANUAL'],
  IngresosActividad: ['INGRESOS DE LA ACTIVIDAD', 'INGRESOS DEL PROYECTO', 'PROYECCIÓN DE VENTAS'],
  IngresosOperacionales: ['INGRESOS OPERACIONALES'],
  EgresosOperacionales: ['EGRESOS OPERACIONALES'],
};

export const HEADERS: Partial<Record<string, Partial<Record<string, string[]>>>> = {
  CultivoProyecto: {
    cultivo: ['Cultivo', 'Producto'],
    variedad: ['Variedad'],
    area_ha: ['Área (ha)', 'Hectáreas'],
    etapa: ['Etapa', 'Estado'],
    fecha_siembra: ['Fecha siembra', 'Fecha de siembra'],
    fecha_cosecha: ['Fecha cosecha', 'Fecha de cosecha'],
    rendimiento: ['Rendimiento/ha', 'Rendimiento'],
    unidad: ['Unidad'],
    precio_unitario: ['Precio unitario', 'Precio venta'],
    valor_produccion: ['Valor producción', 'Ingreso bruto'],
  },
  InventarioPecuario: {
    especie: ['Especie'],
    raza: ['Raza'],
    categoria: ['Categoría', 'Clase'],
    cantidad: ['Cantidad', 'Cabezas', 'N° animales'],
    valor_unitario: ['Valor unitario', 'Precio por cabeza'],
    valor_total: ['Valor total'],
    tipo_inventario: ['Tipo', 'Situación'],
  },
  CostosDirectos: {
    actividad: ['Actividad', 'Labor'],
    concepto: ['Concepto', 'Descripción', 'Insumo'],
    tipo: ['Tipo', 'Clase'],
    unidad: ['Unidad'],
    cantidad: ['Cantidad'],
    valor_unitario: ['Valor unitario', 'Costo unitario'],
    valor_total: ['Valor total', 'Costo total'],
  },
  CostosIndirectos: { concepto: ['Concepto', 'Descripción'], porcentaje: ['Porcentaje', '%'], valor: ['Valor', 'Valor total'] },
  PlanAmortizacion: {
    monto: ['Monto', 'Valor del crédito'],
    plazo_meses: ['Plazo (meses)'],
    gracia_meses: ['Periodo de gracia', 'Gracia (meses)'],
    periodicidad: ['Periodicidad', 'Forma de pago'],
    tasa: ['Tasa', 'Tasa de interés'],
    sistema: ['Sistema', 'Modalidad'],
    fecha_desembolso: ['Fecha de desembolso'],
  },
  PlanAmortizacionDetalle: {
    numero_cuota: ['N° cuota', 'Cuota', 'Periodo'],
    fecha_pago: ['Fecha', 'Fecha de pago'],
    saldo_inicial: ['Saldo inicial'],
    capital: ['Capital', 'Abono a capital'],
    intereses: ['Intereses', 'Interés'],
    valor_cuota: ['Valor cuota', 'Cuota total'],
    saldo_final: ['Saldo final', 'Saldo'],
  },
  PlanAmortizacionResumen: {
    anio: ['Año'],
    total_capital: ['Capital'],
    total_intereses: ['Intereses'],
    total_pagado: ['Total pagado', 'Total'],
    saldo: ['Saldo'],
  },
  IngresosActividad: {
    actividad: ['Producto', 'Actividad'],
    unidad: ['Unidad'],
    cantidad: ['Cantidad'],
    precio_unitario: ['Precio unitario'],
    valor_total: ['Valor total'],
    periodo: ['Periodo', 'Año'],
  },
};

export const HEADER_FIELD_LABELS: Partial<Record<string, string>> = {
  solicitante: 'Nombre o razón social',
  documento_identidad: 'Documento',
  departamento: 'Departamento',
  municipio: 'Municipio',
  vereda: 'Vereda',
  predio: 'Predio',
  oficina: 'Oficina',
  asesor: 'Asesor',
  linea: 'Línea de crédito',
  destino: 'Destino',
  tipo_productor: 'Tipo de productor',
  monto_solicitado: 'Monto solicitado',
  plazo_meses: 'Plazo (meses)',
  garantia: 'Garantía',
  fecha_solicitud: 'Fecha',
};

export const REQUEST_LABELS = ['N° Solicitud', 'No. Solicitud', 'Nro. Solicitud', 'Solicitud N°', 'Número de solicitud', 'Radicado'];

/** Money columns whose sum a template prints on a TOTAL row, per table. */
export const TOTALLED: Partial<Record<string, string[]>> = {
  CultivoProyecto: ['area_ha', 'valor_produccion'],
  InventarioPecuario: ['cantidad', 'valor_total'],
  CostosDirectos: ['valor_total'],
  CostosIndirectos: ['valor'],
  IngresosActividad: ['valor_total'],
  PlanAmortizacionDetalle: ['capital', 'intereses', 'valor_cuota'],
};
