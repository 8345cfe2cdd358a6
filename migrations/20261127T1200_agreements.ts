import { type Kysely, sql } from 'kysely';

/**
 * The agreements context (contracts and terms, spec 001 §3): read models the worker keeps from
 * the `contract` streams, rebuildable. `contracts`: one row per contract, its current version's
 * text. `contract_signatures`: one row per ContractSigned, with the text signed, its SHA-256 and
 * the consent evidence (the IP already anonymized).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contracts (
      id         uuid primary key,
      tenant_id  uuid not null,
      titulo     text not null,
      conteudo   text not null,
      tipo       text not null,
      versao     int not null,
      is_active  boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version    int not null
    )`.execute(db);
  await sql`create index contracts_tenant on contracts (tenant_id, created_at desc)`.execute(db);

  await sql`
    create table contract_signatures (
      id                      uuid primary key,
      tenant_id               uuid not null,
      contract_id             uuid not null,
      versao                  int not null,
      student_id              uuid not null,
      user_id                 uuid not null,
      titulo                  text not null,
      nome                    text not null,
      cpf                     text not null,
      telefone                text not null,
      texto                   text not null,
      sha256                  text not null,
      consent_data_processing boolean not null,
      consent_terms           boolean not null,
      consent_timestamp       timestamptz not null,
      ip_address              text,
      user_agent              text,
      personal                text not null,
      signed_at               timestamptz not null
    )`.execute(db);
  await sql`
    create index contract_signatures_contract on contract_signatures (tenant_id, contract_id, signed_at)`.execute(
    db,
  );
  await sql`
    create index contract_signatures_student on contract_signatures (tenant_id, student_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contract_signatures`.execute(db);
  await sql`drop table contracts`.execute(db);
}
