import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import { TRANSACTION_EVENT_TYPES, type TransactionEvent } from '../../contracts/finance/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';

/**
 * `finance_transactions` and `finance_allocations`: the month's history and a transaction's
 * details. A voided transaction keeps its row, with status 'estornada'. Replays write nothing new
 * (the row's version only moves forward; allocations are keyed by transaction and tipo), and only
 * rows written are told to the browsers.
 */
export const transactionsProjection: Projection = {
  name: 'finance-transactions',
  tables: ['finance_transactions', 'finance_allocations'],
  eventTypes: TRANSACTION_EVENT_TYPES,
  personalData: [
    {
      table: 'finance_transactions',
      subject: 'student_id',
      set: { descricao: PERSONAL_DATA_REMOVED },
    },
  ],
  async apply(batch, trx) {
    const relevant = eventsOfTypes<TransactionEvent>(batch, TRANSACTION_EVENT_TYPES);
    if (relevant.length === 0) return [];
    const recorded = relevant.filter((stored) => stored.event.type === 'TransactionRecorded');
    const voided = relevant.filter((stored) => stored.event.type === 'TransactionVoided');
    const written = new Set<string>();
    for (let start = 0; start < recorded.length; start += 1_000) {
      const chunk = recorded.slice(start, start + 1_000);
      const inserted = await trx
        .insertInto('financeTransactions')
        .values(
          chunk.map(({ event, ...stored }) => ({
            id: stored.streamId,
            tenantId: stored.tenantId,
            tipo: event.data.tipo,
            valor: numericFromCentavos(event.data.valorCentavos),
            data: event.data.data,
            descricao: event.data.descricao,
            metodoPagamento: event.data.metodoPagamento,
            studentId: event.data.studentId,
            referenciaId: event.data.referenciaId,
            referenciaTipo: event.data.referenciaTipo,
            status: 'ativa',
            version: stored.streamVersion,
            position: stored.globalPosition,
            createdAt: stored.occurredAt,
            voidedAt: null,
          })),
        )
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .execute();
      for (const row of inserted) written.add(row.id);
      const allocations = chunk.flatMap(({ event, ...stored }) =>
        event.data.allocations.map((allocation) => ({
          transactionId: stored.streamId,
          tipo: allocation.tipo,
          tenantId: stored.tenantId,
          valor: numericFromCentavos(allocation.valorCentavos),
        })),
      );
      if (allocations.length > 0)
        await trx
          .insertInto('financeAllocations')
          .values(allocations)
          .onConflict((conflict) => conflict.columns(['transactionId', 'tipo']).doNothing())
          .execute();
    }
    for (const stored of voided) {
      const updated = await trx
        .updateTable('financeTransactions')
        .set({ status: 'estornada', voidedAt: stored.occurredAt, version: stored.streamVersion })
        .where('id', '=', stored.streamId)
        .where('version', '<', stored.streamVersion)
        .returning('id')
        .execute();
      for (const row of updated) written.add(row.id);
    }
    const tenantOf = new Map(relevant.map((stored) => [stored.streamId, stored.tenantId]));
    return [...written].map((id): ProjectionChange => ({
      tenantId: tenantOf.get(id) as string,
      type: 'transaction',
      id,
    }));
  },
};
