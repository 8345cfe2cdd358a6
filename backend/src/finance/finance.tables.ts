import type { TablesInventory } from '../platform/context/bounded-context';

/** The finance context's tables and what their text columns hold of a person. */
export const financeTables: TablesInventory = {
  finance_transactions: {
    personal: { descricao: 'blanked by the read model' },
    notPersonal: ['tipo', 'metodo_pagamento', 'status', 'referencia_tipo'],
  },
  finance_allocations: { notPersonal: ['tipo'] },
  finance_settings: { notPersonal: ['alocacao', 'moeda', 'fuso_horario'] },
  finance_monthly_summaries: { notPersonal: ['month'] },
  finance_month_payers: { notPersonal: ['month', 'payer'] },
  finance_sessions: { notPersonal: ['month', 'status'] },
  finance_students: {},
  finance_plans: {},
  finance_zones: { notPersonal: ['fuso_horario'] },
  finance_receipt_numbers: {},
};
