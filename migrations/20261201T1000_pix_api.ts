import { type Kysely, sql } from 'kysely';

/**
 * Pix through a PSP that speaks the Banco Central's API Pix, overdue charges and the late-cancel fee.
 *
 * `pix_provider_credentials`: the trainer's OAuth2 client secret and mutual-TLS certificate and key,
 * each sealed with AES-256-GCM under the key from the environment (never an event: credentials
 * stay out of the log and can be replaced or erased). `charge_psp_checks`: when the worker next
 * asks the PSP about a pending charge (GET /cob/{txid}) and how often it asked already, written
 * with the charge and removed once it is paid or cancelled. `charges` learns where a charge came
 * from (avulsa, assinatura, taxa), its due day, its provider, the session of a fee and why it was
 * cancelled or waived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pix_provider_credentials (
      tenant_id      uuid primary key,
      client_secret  text not null,
      certificado    text not null,
      chave_privada  text not null,
      updated_at     timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table charge_psp_checks (
      charge_id      uuid primary key,
      tenant_id      uuid not null,
      txid           text not null,
      attempts       int not null default 0,
      next_check_at  timestamptz not null
    )`.execute(db);
  await sql`create index charge_psp_checks_due on charge_psp_checks (next_check_at)`.execute(db);
  await sql`
    alter table charges
      add column origem     text not null default 'avulsa',
      add column vencimento date,
      add column provedor   text not null default 'manual',
      add column session_id uuid,
      add column motivo     text`.execute(db);
  await sql`create index charges_tenant_pending on charges (tenant_id, vencimento) where status = 'pendente'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists charges_tenant_pending`.execute(db);
  await sql`
    alter table charges
      drop column origem, drop column vencimento, drop column provedor,
      drop column session_id, drop column motivo`.execute(db);
  await sql`drop table if exists charge_psp_checks`.execute(db);
  await sql`drop table if exists pix_provider_credentials`.execute(db);
}
