import {
  projectionSpec,
  SPEC_CLOCK,
  type SpecEvent,
} from '../../../../test/support/projection-spec';
import { ANA, anaReceita } from '../../../../test/support/spec-events';
import { creditLedgerProjection } from '../projections/credit-ledger.projection';

const SESSION = '0190a0b0-0000-7000-8000-0000000000d1';
const PAYMENT = '0190a0b0-0000-7000-8000-0000000000b1';
const granted: SpecEvent = {
  type: 'CreditsGranted',
  data: { amount: 8, reason: 'Plano Mensal 8', transactionId: PAYMENT, balanceAfter: 8 },
  streamId: ANA,
};
const payment = anaReceita({ allocations: [{ tipo: 'retirada', valorCentavos: 35_000 }] });
const paid: SpecEvent = { type: 'TransactionRecorded', data: payment, streamId: PAYMENT };
const given = projectionSpec(creditLedgerProjection);

describe('credit ledger projection', () => {
  it('writes a line per credit movement: signed amount, balance after, who, why', () =>
    given(granted)
      .when(
        {
          type: 'CreditConsumed',
          data: { reason: 'Treino', sessionId: SESSION, balanceAfter: 7 },
          streamId: ANA,
        },
        {
          type: 'CreditBurned',
          data: { reason: 'Falta', sessionId: SESSION, balanceAfter: 6 },
          streamId: ANA,
        },
        {
          type: 'CreditRefunded',
          data: { reason: 'Cancelada', sessionId: SESSION, balanceAfter: 7 },
          streamId: ANA,
        },
        {
          type: 'CreditsRemoved',
          data: { amount: 2, reason: 'Renovação desfeita', balanceAfter: 5 },
          streamId: ANA,
        },
      )
      .then('credit_ledger', [
        {
          studentId: ANA,
          type: 'CreditsGranted',
          amount: 8,
          valor: null,
          balanceAfter: 8,
          reason: 'Plano Mensal 8',
          transactionId: PAYMENT,
          sessionId: null,
          actorRole: 'personal',
          occurredAt: new Date(SPEC_CLOCK.getTime() + 1_000),
        },
        {
          type: 'CreditConsumed',
          amount: -1,
          balanceAfter: 7,
          sessionId: SESSION,
          transactionId: null,
        },
        { type: 'CreditBurned', amount: -1, balanceAfter: 6, reason: 'Falta' },
        { type: 'CreditRefunded', amount: 1, balanceAfter: 7 },
        { type: 'CreditsRemoved', amount: -2, balanceAfter: 5, sessionId: null },
      ]));

  it("writes a student's payment and its void as lines that move no credits", () =>
    given(granted)
      .when(paid, { type: 'TransactionVoided', data: payment, streamId: PAYMENT })
      .then('credit_ledger', [
        { type: 'CreditsGranted', balanceAfter: 8 },
        {
          studentId: ANA,
          type: 'PaymentReceived',
          amount: 0,
          valor: '350.00',
          balanceAfter: 8,
          reason: 'Mensalidade Ana: R$\u00a0350,00 (PIX)',
          transactionId: PAYMENT,
        },
        {
          type: 'PaymentVoided',
          amount: 0,
          valor: '-350.00',
          balanceAfter: 8,
          transactionId: PAYMENT,
        },
      ]));

  it('writes no line for a despesa or a receita no student paid', () =>
    given(granted)
      .when(
        {
          type: 'TransactionRecorded',
          data: { ...payment, tipo: 'despesa', studentId: null, allocations: [] },
        },
        { type: 'TransactionRecorded', data: { ...payment, studentId: null } },
      )
      .then('credit_ledger', [{ type: 'CreditsGranted' }]));

  it('tells the tenant and the student whose history moved', async () => {
    const spec = given(granted).when(paid);
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'credit', id: ANA, studentId: ANA }]);
  });
});
