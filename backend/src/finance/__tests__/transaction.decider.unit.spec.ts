import { deciderSpec } from '../../../../test/support/decider-spec';
import { DEFAULT_ALLOCATION_RULE } from '../../contracts/finance/api';
import { type TransactionFacts } from '../../contracts/finance/events';
import { transactionDecider, type TransactionInput } from '../domain/transaction.decider';
import type { TransactionStreamEvent } from '../domain/transaction.events';

const given = deciderSpec(transactionDecider, new Date('2026-03-10T12:00:00Z'));
const input: TransactionInput = {
  tipo: 'receita',
  valorCentavos: 35_000,
  data: '2026-03-10',
  descricao: 'Mensalidade Ana',
  metodoPagamento: 'pix',
  studentId: null,
  referenciaId: null,
  referenciaTipo: null,
};
const facts: TransactionFacts = {
  ...input,
  allocations: [
    { tipo: 'reserva', valorCentavos: 7_000 },
    { tipo: 'retirada', valorCentavos: 28_000 },
  ],
};
const recorded: TransactionStreamEvent = { type: 'TransactionRecorded', data: facts };
const record = (changes: Partial<TransactionInput> = {}) =>
  ({
    type: 'RecordTransaction',
    input: { ...input, ...changes },
    rule: DEFAULT_ALLOCATION_RULE,
  }) as const;

describe('transaction decider', () => {
  it('records a receita with its allocations split by the rule, once', () => {
    given().when(record()).then([recorded]);
    given(recorded).when(record()).thenFails('transaction_exists');
  });

  it('keeps the allocations given (zeros dropped), and gives a despesa none', () => {
    given()
      .when(
        record({
          allocations: [
            { tipo: 'imposto', valorCentavos: 0 },
            { tipo: 'operacional', valorCentavos: 35_000 },
          ],
        }),
      )
      .then([
        {
          type: 'TransactionRecorded',
          data: { ...input, allocations: [{ tipo: 'operacional', valorCentavos: 35_000 }] },
        },
      ]);
    given()
      .when(record({ tipo: 'despesa' }))
      .then([
        { type: 'TransactionRecorded', data: { ...input, tipo: 'despesa', allocations: [] } },
      ]);
  });

  it('voids once, carrying what it takes out of the totals; an unknown one is 404', () => {
    given(recorded)
      .when({ type: 'VoidTransaction' })
      .then([{ type: 'TransactionVoided', data: facts }]);
    given(recorded, { type: 'TransactionVoided', data: facts })
      .when({ type: 'VoidTransaction' })
      .thenFails('already_voided', 'Esta transação já foi estornada');
    given().when({ type: 'VoidTransaction' }).thenFails('not_found', 'Transação não encontrada');
  });
});
