import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/database/database';
import { AccountClosing } from '../../platform/context/account-closing';
import {
  type CommandContext,
  commandHandlerFor,
  type CommandResult,
} from '../../platform/event-store/command-runner';
import { ChargesOfClosingAccount } from '../../contracts/charges/ports';
import { confirmsClosing } from '../../contracts/identity/api';
import { personalDataVault } from '../../platform/personal-data/vault';
import { type EndedSessions, PrincipalSessions } from '../../platform/realtime/principal-sessions';
import { accountClosingDecider, accountClosingStreamId } from '../domain/account-closing.decider';

/** Every account-closing command, decided on the tenant's closing stream. */
@Injectable()
export class AccountClosingCommands extends commandHandlerFor(accountClosingDecider) {}

/**
 * Closing a trainer's account (LGPD). First the charges context cancels what is still owed, each
 * Pix Automático at the PSP too, while its secrets are there. Then, in one transaction with AccountClosed (which the read models
 * apply too, so a rebuild deletes their rows again):
 * - first the tenant's row is locked: an append already running finishes before the closing goes
 *   on, and every append after it waits for the closing and is then refused (assert_tenant_open);
 * - every session of the tenant, the trainer's and each student's, ends: from the commit on their
 *   tokens answer 401 and their sockets are closed, on every instance;
 * - each context deletes its rows of the tenant and the platform destroys every key of it (the
 *   trainer's, each student's and visitor's), so the log keeps amounts and the trail without names.
 */
@Injectable()
export class CloseAccountHandler {
  constructor(
    @Inject(AccountClosingCommands) private readonly commands: AccountClosingCommands,
    @Inject(PrincipalSessions) private readonly sessions: PrincipalSessions,
    @Inject(AccountClosing) private readonly closing: AccountClosing,
    @Inject(ChargesOfClosingAccount) private readonly charges: ChargesOfClosingAccount,
  ) {}

  async close(context: CommandContext, confirm: string): Promise<CommandResult> {
    const { tenantId } = context;
    // Before the PSP's secrets go: what is still owed is cancelled, at the PSP too.
    if (confirmsClosing(confirm)) await this.charges.cancelAll(context);
    let ended: EndedSessions | undefined;
    const result = await this.commands.handle(
      context,
      accountClosingStreamId(tenantId),
      { type: 'CloseAccount', confirm },
      {
        // Waits for the appends of the tenant in flight; every append after it sees the closing.
        alsoInTransaction: async (trx) => {
          await sql`select lock_tenant_for_closing(${tenantId}::uuid)`.execute(trx);
        },
        afterAppendInTransaction: async (trx) => {
          ended = await this.sessions.revoke({ tenantId }, trx);
          await this.closing.forgetTenant(trx, tenantId);
        },
      },
    );
    if (ended) await this.sessions.announce(ended);
    return result;
  }
}

/**
 * Identity's part of the closing: the e-mails of the tenant's people kept only as keyed digests
 * (sign-in then says the account is gone), their sign-ins deleted after the profiles and student
 * accounts that name them, and the tenant's row kept blank and closed, for the appends to refuse.
 */
export async function closeIdentity(trx: Transaction<Database>, tenantId: string): Promise<void> {
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
  for (const table of ['profiles', 'student_accounts'])
    await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}::uuid`.execute(trx);
  await sql`delete from dev_mailbox where to_address = any(${users.map((user) => user.email)}::text[])`.execute(
    trx,
  );
  // Their credentials, roles, tokens, identities and second factors go with them (cascade).
  await sql`delete from users where id = any(${users.map((user) => user.id)}::uuid[])`.execute(trx);
  await sql`
    update tenants set closed_at = now(), nome = '', slug = 'encerrada-' || id
    where id = ${tenantId}::uuid`.execute(trx);
}
