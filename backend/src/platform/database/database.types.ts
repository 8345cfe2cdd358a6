import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table, in camelCase as the CamelCasePlugin exposes them.
 * Contexts add their tables here as their migrations create them.
 */
export interface Database {
  events: EventsTable;
  commandIdempotency: CommandIdempotencyTable;
  projectionCheckpoints: ProjectionCheckpointsTable;
  students: StudentsTable;
  creditLedger: CreditLedgerTable;
}

export interface EventsTable {
  globalPosition: Generated<number>;
  /** xid8, read as a decimal string. */
  transactionId: Generated<string>;
  tenantId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  eventType: string;
  schemaVersion: Generated<number>;
  data: unknown;
  metadata: unknown;
  occurredAt: Generated<Date>;
}

export interface CommandIdempotencyTable {
  tenantId: string;
  key: string;
  statusCode: number;
  body: unknown;
  createdAt: Generated<Date>;
}

export interface ProjectionCheckpointsTable {
  name: string;
  transactionId: string;
  globalPosition: number;
  updatedAt: Generated<Date>;
}

export interface StudentsTable {
  id: string;
  tenantId: string;
  nome: string;
  telefone: string | null;
  whatsapp: string | null;
  email: string | null;
  planoId: string | null;
  observacoes: string | null;
  creditos: number;
  version: number;
  createdAt: ColumnType<Date, Date | string, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  removedAt: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface CreditLedgerTable {
  position: number;
  tenantId: string;
  studentId: string;
  occurredAt: ColumnType<Date, Date | string, Date | string>;
  type: string;
  amount: number;
  balanceAfter: number;
  actorId: string;
  actorRole: string;
  reason: string;
  sessionId: string | null;
  transactionId: string | null;
}
