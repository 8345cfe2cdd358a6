import type { TransactionFacts } from '../../backend/src/contracts/finance/events';

/** The student the projection specs' events are about. */
export const ANA = '0190a0b0-0000-7000-8000-0000000000e1';

/**
 * Ana's R$ 350,00 monthly fee paid by Pix on 2030-03-04, a fifth of it reserved: the receita the
 * finance and credit specs start from, with what a spec needs otherwise in `more`.
 */
export const anaReceita = (more: Partial<TransactionFacts> = {}): TransactionFacts => ({
  tipo: 'receita',
  valorCentavos: 35_000,
  data: '2030-03-04',
  descricao: 'Mensalidade Ana',
  metodoPagamento: 'pix',
  studentId: ANA,
  referenciaId: null,
  referenciaTipo: null,
  allocations: [
    { tipo: 'reserva', valorCentavos: 7_000 },
    { tipo: 'retirada', valorCentavos: 28_000 },
  ],
  ...more,
});
