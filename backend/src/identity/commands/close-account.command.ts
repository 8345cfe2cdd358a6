import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/database/database';
import {
  type CommandContext,
  commandHandlerFor,
  type CommandResult,
} from '../../platform/event-store/command-runner';
import { personalDataVault } from '../../platform/personal-data/vault';
import { type EndedSessions, PrincipalSessions } from '../../platform/realtime/principal-sessions';
import { accountClosingDecider, accountClosingStreamId } from '../domain/account-closing.decider';

/** Every account-closing command, decided on the tenant's closing stream. */
@Injectable()
export class AccountClosingCommands extends commandHandlerFor(accountClosingDecider) {}

/** The log and the keys' tombstones stay; every other table's rows of the tenant go. */
const KEPT = new Set(['events', 'data_subject_keys']);

/**
 * Closing a trainer's account (LGPD): every key of the tenant (the trainer's, each student's and
 * visitor's) destroyed and every row of the tenant deleted, in the transaction that appends
 * AccountClosed (which the read models apply too, so a rebuild deletes them again). The e-mails
 * of the tenant's users are kept only as keyed digests, for sign-in to say the account is gone.
 * Every session of the tenant, the trainer's and each student's, ends with it: from its commit
 * on, their tokens answer 401 and their sockets are closed, on every instance.
 */
@Injectable()
export class CloseAccountHandler {
  constructor(
    @Inject(AccountClosingCommands) private readonly commands: AccountClosingCommands,
    @Inject(PrincipalSessions) private readonly sessions: PrincipalSessions,
  ) {}

  async close(context: CommandContext, confirm: string): Promise<CommandResult> {
    const { tenantId } = context;
    let ended: EndedSessions | undefined;
    const result = await this.commands.handle(
      context,
      accountClosingStreamId(tenantId),
      { type: 'CloseAccount', confirm },
      {
        alsoInTransaction: async (trx) => {
          ended = await this.sessions.revoke({ tenantId }, trx);
          await forgetTenant(trx, tenantId);
        },
      },
    );
    if (ended) await this.sessions.announce(ended);
    return result;
  }
}

async function forgetTenant(trx: Transaction<Database>, tenantId: string): Promise<void> {
  const { rows: users } = await sql<{ id: string; email: string }>`
    select u.id, u.email from users u
    where u.id in (select id from profiles where tenant_id = ${tenantId}::uuid
                   union select user_id from student_accounts where tenant_id = ${tenantId}::uuid)`.execute(
    trx,
  );
  if (users.length > 0) {
    await sql`
      insert into closed_accounts (email_digest)
      select unnest(${users.map((user) => personalDataVault.digest(user.email))}::text[])
      on conflict do nothing`.execute(trx);
  }
  await personalDataVault.eraseTenant(trx, tenantId);
  // A table another one refers to (entities, by entity_references) goes after it.
  const { rows: tables } = await sql<{ table: string }>`
    select c.table_name as table from information_schema.columns c
    where c.table_schema = current_schema() and c.column_name = 'tenant_id'
    order by exists (
      select 1 from pg_constraint k
      where k.contype = 'f' and k.confrelid = to_regclass(quote_ident(c.table_name))
    ), c.table_name`.execute(trx);
  for (const { table } of tables) {
    if (KEPT.has(table)) continue;
    await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}::uuid`.execute(trx);
  }
  await sql`delete from dev_mailbox where to_address = any(${users.map((user) => user.email)}::text[])`.execute(
    trx,
  );
  // After the profiles (they refer to the tenant): the sign-ins, cascading to credentials and tokens.
  await sql`delete from users where id = any(${users.map((user) => user.id)}::uuid[])`.execute(trx);
  await sql`delete from tenants where id = ${tenantId}::uuid`.execute(trx);
}
