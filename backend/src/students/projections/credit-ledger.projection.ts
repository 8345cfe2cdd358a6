import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { PAYMENT_METHOD_LABELS } from '../../contracts/finance/api';
import {
  TRANSACTION_EVENT_TYPES,
  transactionEvents,
  type TransactionFacts,
} from '../../contracts/finance/events';
import { formatCentavos, numericFromCentavos } from '../../contracts/shared/money';
import type { CreditEntryType } from '../../contracts/students/api';
import {
  CREDIT_BALANCE_EVENT_TYPES,
  type CreditBalanceEvent,
  creditBalanceEvents,
} from '../../contracts/students/events';
import type { Database } from '../../platform/database/database';
import { eventOf, isEventOf, type StoredEvent } from '../../platform/event-store/event';
import type { Projection, ProjectionChange } from '../../platform/projections/projection';

function signedAmount(event: CreditBalanceEvent): number {
  switch (event.type) {
    case 'CreditsGranted':
      return event.data.amount;
    case 'CreditRefunded':
      return 1;
    case 'CreditConsumed':
    case 'CreditBurned':
      return -1;
    case 'CreditsRemoved':
      return -event.data.amount;
  }
}

const LEDGER_EVENT_TYPES: readonly string[] = [
  ...CREDIT_BALANCE_EVENT_TYPES,
  ...TRANSACTION_EVENT_TYPES,
];

/** 'Mensalidade Ana: R$ 350,00 (PIX)' — a payment's line says what was paid and how. */
const paymentReason = (facts: TransactionFacts) =>
  `${facts.descricao}: ${formatCentavos(facts.valorCentavos)} (${PAYMENT_METHOD_LABELS[facts.metodoPagamento]})`;

/** The balance after each student's last entry already in the ledger (0 for none). */
async function lastBalances(
  trx: Kysely<Database>,
  studentIds: readonly string[],
): Promise<Map<string, number>> {
  if (studentIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('creditLedger')
    .select(['studentId', 'balanceAfter'])
    .distinctOn('studentId')
    .where((eb) => eb('studentId', '=', eb.fn.any(eb.val([...studentIds]))))
    .orderBy('studentId')
    .orderBy('position', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.studentId, row.balanceAfter]));
}

interface LedgerEntry {
  position: number;
  tenantId: string;
  studentId: string;
  occurredAt: Date;
  type: CreditEntryType;
  amount: number;
  /** numeric(12,2) text; a payment's only. */
  valor: string | null;
  balanceAfter: number;
  actorId: string;
  actorRole: string;
  reason: string;
  sessionId: string | null;
  transactionId: string | null;
}

function creditEntry(stored: StoredEvent, event: CreditBalanceEvent): LedgerEntry {
  return {
    position: stored.globalPosition,
    tenantId: stored.tenantId,
    studentId: stored.streamId,
    occurredAt: stored.occurredAt,
    type: event.type,
    amount: signedAmount(event),
    valor: null,
    balanceAfter: event.data.balanceAfter,
    actorId: stored.metadata.actorId,
    actorRole: stored.metadata.actorRole,
    reason: event.data.reason,
    sessionId: 'sessionId' in event.data ? event.data.sessionId : null,
    transactionId: 'transactionId' in event.data ? event.data.transactionId : null,
  };
}

/**
 * The entries travel as one JSON parameter: the same statement text for any batch, and one
 * JSON.stringify where thirteen arrays were escaped element by element (a rebuild's largest cost).
 * `json`, not `jsonb`, as every JSON parameter of ours: read once as text, where jsonb first builds
 * its binary form (198,000 rows: 1.3-1.4 s of PostgreSQL's CPU against 1.9-2.3 s).
 */
const INSERT_ENTRIES = `
  insert into credit_ledger (position, tenant_id, student_id, occurred_at, type, amount, valor, balance_after, actor_id, actor_role, reason, session_id, transaction_id)
  select "position", "tenantId", "studentId", "occurredAt", "type", "amount", "valor", "balanceAfter", "actorId", "actorRole", "reason", "sessionId", "transactionId"
  from json_to_recordset($1::json) as e(
    "position" bigint, "tenantId" uuid, "studentId" uuid, "occurredAt" timestamptz, "type" text,
    "amount" int, "valor" numeric, "balanceAfter" int, "actorId" text, "actorRole" text,
    "reason" text, "sessionId" uuid, "transactionId" uuid)
  on conflict (position) do nothing`;

/**
 * `credit_ledger`: the audit trail, one row per credit event, keyed by its global position; a
 * receita paid by a student (finance's published TransactionRecorded) and its void are lines of
 * the same trail, with no credits moved (the balance stays as the last line left it).
 */
export const creditLedgerProjection: Projection = {
  name: 'credit-ledger',
  tables: ['credit_ledger'],
  // A payment's line starts with the transaction's description, which goes with the student.
  personalData: [
    {
      table: 'credit_ledger',
      subject: 'student_id',
      set: {
        reason: sql`case when type in ('PaymentReceived', 'PaymentVoided')
          then regexp_replace(reason, '^.*(: [^:]*)$', ${PERSONAL_DATA_REMOVED} || '\\1') else reason end`,
      },
    },
  ],
  eventTypes: LEDGER_EVENT_TYPES,
  async apply(batch, trx) {
    const paid = (stored: StoredEvent): TransactionFacts | undefined => {
      if (!isEventOf(stored, transactionEvents)) return undefined;
      const facts = stored.data;
      return facts.tipo === 'receita' && facts.studentId ? facts : undefined;
    };
    const payers = [...new Set(batch.flatMap((stored) => paid(stored)?.studentId ?? []))];
    const balances = await lastBalances(trx, payers);
    const entries: LedgerEntry[] = [];
    for (const stored of batch) {
      const facts = paid(stored);
      if (facts?.studentId) {
        entries.push({
          position: stored.globalPosition,
          tenantId: stored.tenantId,
          studentId: facts.studentId,
          occurredAt: stored.occurredAt,
          type: stored.eventType === 'TransactionVoided' ? 'PaymentVoided' : 'PaymentReceived',
          amount: 0,
          valor: numericFromCentavos(
            stored.eventType === 'TransactionVoided' ? -facts.valorCentavos : facts.valorCentavos,
          ),
          balanceAfter: balances.get(facts.studentId) ?? 0,
          actorId: stored.metadata.actorId,
          actorRole: stored.metadata.actorRole,
          reason: paymentReason(facts),
          sessionId: null,
          transactionId: stored.streamId,
        });
      } else if (isEventOf(stored, creditBalanceEvents)) {
        const entry = creditEntry(stored, eventOf(stored));
        balances.set(entry.studentId, entry.balanceAfter);
        entries.push(entry);
      }
    }
    if (entries.length === 0) return [];
    await trx.executeQuery(CompiledQuery.raw(INSERT_ENTRIES, [JSON.stringify(entries)]));
    const students = new Map(entries.map((entry) => [entry.studentId, entry.tenantId]));
    return [...students].map(([id, tenantId]): ProjectionChange => ({
      tenantId,
      type: 'credit',
      id,
      studentId: id,
    }));
  },
};
