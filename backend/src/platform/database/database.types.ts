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
  tenants: TenantsTable;
  users: UsersTable;
  passwordCredentials: PasswordCredentialsTable;
  userRoles: UserRolesTable;
  profiles: ProfilesTable;
  refreshTokens: RefreshTokensTable;
  emailTokens: EmailTokensTable;
  devMailbox: DevMailboxTable;
  financialOnboarding: FinancialOnboardingTable;
  userIdentities: UserIdentitiesTable;
  mfaTotp: MfaTotpTable;
  mfaRecoveryCodes: MfaRecoveryCodesTable;
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


type CreatedAt = ColumnType<Date, Date | undefined, never>;

// Identity (migrations/20261121T1200_identity.ts)
export interface TenantsTable {
  id: string;
  slug: string;
  nome: string;
  createdAt: CreatedAt;
}
export interface UsersTable {
  id: string;
  email: string;
  emailConfirmedAt: Date | null;
  createdAt: CreatedAt;
}
export interface PasswordCredentialsTable {
  userId: string;
  passwordHash: string;
  updatedAt: Generated<Date>;
}
export interface UserRolesTable {
  userId: string;
  role: 'personal' | 'aluno';
}
export interface ProfilesTable {
  id: string;
  tenantId: string;
  nome: string;
  email: string;
  telefone: string | null;
  cpf: string | null;
  /** Written as YYYY-MM-DD; pg reads a date as a Date at local midnight, so select it `::text`. */
  dataNascimento: ColumnType<Date | null, string | null, string | null>;
}
export interface RefreshTokensTable {
  id: string;
  userId: string;
  familyId: string;
  parentId: string | null;
  tokenHash: Buffer;
  createdAt: CreatedAt;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}
export interface EmailTokensTable {
  id: string;
  userId: string;
  purpose: 'confirm_email' | 'reset_password';
  tokenHash: Buffer;
  createdAt: CreatedAt;
  expiresAt: Date;
  usedAt: Date | null;
}
export interface DevMailboxTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: CreatedAt;
}
export interface FinancialOnboardingTable {
  id: string;
  tenantId: string;
  userId: string;
  onboardingData: ColumnType<unknown, string, string>;
  completedAt: Date | null;
}
// Identity providers (migrations/20261121T1210_identity_providers.ts)
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  userId: string;
  email: string;
  createdAt: CreatedAt;
}
// Two-factor sign-in (migrations/20261121T1220_identity_mfa.ts)
export interface MfaTotpTable {
  userId: string;
  secret: string;
  createdAt: CreatedAt;
  activatedAt: Date | null;
  lastTimeStep: number | null;
}
export interface MfaRecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: Buffer;
  usedAt: Date | null;
}
