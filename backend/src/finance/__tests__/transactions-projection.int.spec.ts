import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { ANA, anaReceita } from '../../../../test/support/spec-events';
import type { TransactionEvent } from '../../contracts/finance/events';
import { transactionsProjection } from '../projections/transactions.projection';

const CHARGE = '0190a0b0-0000-7000-8000-0000000000c1';
const receita = anaReceita({ referenciaId: CHARGE, referenciaTipo: 'cobranca' });
const recorded: TransactionEvent = { type: 'TransactionRecorded', data: receita };
const given = projectionSpec(transactionsProjection);

describe('transactions projection', () => {
  it('keeps a receita active, its value in reais', () =>
    given(recorded).then('finance_transactions', [
      {
        tipo: 'receita',
        valor: '350.00',
        data: '2030-03-04',
        descricao: 'Mensalidade Ana',
        metodoPagamento: 'pix',
        studentId: ANA,
        referenciaId: CHARGE,
        referenciaTipo: 'cobranca',
        status: 'ativa',
        voidedAt: null,
        version: 1,
        createdAt: new Date(SPEC_CLOCK.getTime() + 1_000),
      },
    ]));

  it("keeps a receita's allocations by tipo", async () => {
    const spec = given(recorded);
    await spec.then('finance_allocations', [
      { transactionId: spec.streamId, tipo: 'reserva', valor: '70.00' },
      { transactionId: spec.streamId, tipo: 'retirada', valor: '280.00' },
    ]);
  });

  it('keeps a despesa, with no allocations', async () => {
    const despesa: TransactionEvent = {
      type: 'TransactionRecorded',
      data: {
        ...receita,
        tipo: 'despesa',
        descricao: 'Aluguel',
        studentId: null,
        referenciaId: null,
        referenciaTipo: null,
        allocations: [],
      },
    };
    await given(despesa).then('finance_transactions', [
      { tipo: 'despesa', descricao: 'Aluguel', studentId: null },
    ]);
    await given(despesa).then('finance_allocations', []);
  });

  it('keeps a voided transaction, estornada, with its allocations', async () => {
    const spec = given(recorded).when({ type: 'TransactionVoided', data: receita });
    await spec.then('finance_transactions', [
      {
        status: 'estornada',
        voidedAt: new Date(SPEC_CLOCK.getTime() + 2_000),
        valor: '350.00',
        version: 2,
      },
    ]);
    await spec.then('finance_allocations', [{ tipo: 'reserva' }, { tipo: 'retirada' }]);
  });

  it('skips the void of a transaction it never saw recorded', () =>
    given(recorded)
      .when({
        type: 'TransactionVoided',
        data: receita,
        streamId: '0190a0b0-0000-7000-8000-000000000001',
      })
      .then('finance_transactions', [{ status: 'ativa', version: 1 }]));

  it('tells the tenant which transaction changed', async () => {
    const spec = given(recorded).when({ type: 'TransactionVoided', data: receita });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'transaction', id: spec.streamId }]);
  });

  it('tells nobody of a void of a transaction it never kept, nor of a replayed record', async () => {
    await given().when({ type: 'TransactionVoided', data: receita }).thenChanges([]);
    await given(recorded).when(recorded).thenChanges([]);
  });
});
