import { sql } from 'kysely';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';
import { CREDIT_EVENT_TYPES, type CreditEvent } from '../domain/student.events';

function signedAmount(event: CreditEvent): number {
  switch (event.type) {
    case 'CreditsGranted':
      return event.data.amount;
    case 'CreditRefunded':
      return 1;
    case 'CreditConsumed':
    case 'CreditBurned':
      return -1;
  }
}

/** `credit_ledger`: the audit trail, one row per credit event, keyed by its global position. */
export const creditLedgerProjection: Projection = {
  name: 'credit-ledger',
  tables: ['credit_ledger'],
  eventTypes: CREDIT_EVENT_TYPES,
  async apply(batch, trx) {
    const entries = eventsOfTypes<CreditEvent>(batch, CREDIT_EVENT_TYPES).map((stored) => {
      const { event } = stored;
      return {
        position: stored.globalPosition,
        tenantId: stored.tenantId,
        studentId: stored.streamId,
        occurredAt: stored.occurredAt,
        type: event.type,
        amount: signedAmount(event),
        balanceAfter: event.data.balanceAfter,
        actorId: stored.metadata.actorId,
        actorRole: stored.metadata.actorRole,
        reason: event.data.reason,
        sessionId: 'sessionId' in event.data ? event.data.sessionId : null,
        transactionId: 'transactionId' in event.data ? event.data.transactionId : null,
      };
    });
    if (entries.length === 0) return [];
    const column = <K extends keyof (typeof entries)[number]>(key: K) =>
      entries.map((entry) => entry[key]);
    await sql`
      insert into credit_ledger (position, tenant_id, student_id, occurred_at, type, amount, balance_after, actor_id, actor_role, reason, session_id, transaction_id)
      select * from unnest(
        ${column('position')}::bigint[], ${column('tenantId')}::uuid[], ${column('studentId')}::uuid[],
        ${column('occurredAt')}::timestamptz[], ${column('type')}::text[], ${column('amount')}::int[],
        ${column('balanceAfter')}::int[], ${column('actorId')}::text[], ${column('actorRole')}::text[],
        ${column('reason')}::text[], ${column('sessionId')}::uuid[], ${column('transactionId')}::uuid[])
      on conflict (position) do nothing`.execute(trx);
    const students = new Map(entries.map((entry) => [entry.studentId, entry.tenantId]));
    return [...students].map(([id, tenantId]): ProjectionChange => ({
      tenantId,
      type: 'credit',
      id,
    }));
  },
};
