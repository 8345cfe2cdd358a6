import { type Kysely, sql } from 'kysely';

// Accounts and credentials live in ordinary tables: they never enter the event log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tenants (
      id         uuid primary key,
      slug       text not null constraint tenants_slug_unique unique,
      nome       text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table users (
      id                 uuid primary key,
      email              text not null constraint users_email_unique unique check (email = lower(email)),
      email_confirmed_at timestamptz,
      created_at         timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table password_credentials (
      user_id       uuid primary key references users (id) on delete cascade,
      password_hash text not null,
      updated_at    timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table user_roles (
      user_id uuid not null references users (id) on delete cascade,
      role    text not null check (role in ('personal', 'aluno')),
      primary key (user_id, role)
    )`.execute(db);
  await sql`
    create table profiles (
      id              uuid primary key references users (id) on delete cascade,
      tenant_id       uuid not null references tenants (id),
      nome            text not null,
      email           text not null,
      telefone        text,
      cpf             text,
      data_nascimento date
    )`.execute(db);
  await sql`create index profiles_tenant on profiles (tenant_id)`.execute(db);
  await sql`
    create table refresh_tokens (
      id         uuid primary key,
      user_id    uuid not null references users (id) on delete cascade,
      family_id  uuid not null,
      parent_id  uuid,
      token_hash bytea not null constraint refresh_tokens_hash_unique unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      rotated_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index refresh_tokens_family on refresh_tokens (family_id)`.execute(db);
  await sql`create index refresh_tokens_user on refresh_tokens (user_id)`.execute(db);
  await sql`
    create table email_tokens (
      id         uuid primary key,
      user_id    uuid not null references users (id) on delete cascade,
      purpose    text not null check (purpose in ('confirm_email', 'reset_password')),
      token_hash bytea not null constraint email_tokens_hash_unique unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at    timestamptz
    )`.execute(db);
  await sql`create index email_tokens_user on email_tokens (user_id, purpose)`.execute(db);
  await sql`
    create table dev_mailbox (
      id         uuid primary key,
      to_address text not null,
      subject    text not null,
      text_body  text not null,
      html_body  text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table financial_onboarding (
      id              uuid primary key,
      tenant_id       uuid not null constraint financial_onboarding_tenant_unique unique,
      user_id         uuid not null,
      onboarding_data jsonb not null,
      completed_at    timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'financial_onboarding',
    'dev_mailbox',
    'email_tokens',
    'refresh_tokens',
    'profiles',
    'user_roles',
    'password_credentials',
    'users',
    'tenants',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
