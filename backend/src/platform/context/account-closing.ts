import { type DynamicModule, Module } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database/database';
import { personalDataVault } from '../personal-data/vault';
import { platformTables } from '../platform.tables';
import type { TablesOwner } from './bounded-context';

/** The platform's part: every key of the tenant destroyed, its references before its entities. */
export const platformTablesOwner: TablesOwner = {
  name: 'platform',
  tables: platformTables,
  async closeAccount(trx, tenantId) {
    await personalDataVault.eraseTenant(trx, tenantId);
    for (const table of ['entity_references', 'entities'])
      await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}::uuid`.execute(trx);
  },
};

/**
 * Every owner's part of closing an account, in the closing's transaction: each context deletes
 * only its own tables' rows of the tenant (its `closeAccount` first, then every table it did not
 * mark), the contexts in the reverse of their registration (identity, which the others' rows
 * name, last), then the platform.
 */
export class AccountClosing {
  private readonly owners: readonly TablesOwner[];

  constructor(contexts: readonly TablesOwner[]) {
    this.owners = [...contexts].reverse().concat(platformTablesOwner);
  }

  async forgetTenant(trx: Transaction<Database>, tenantId: string): Promise<void> {
    for (const owner of this.owners) {
      await owner.closeAccount?.(trx, tenantId);
      for (const [table, inventory] of Object.entries(owner.tables))
        if (!inventory.atClosing)
          await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId}::uuid`.execute(
            trx,
          );
    }
  }
}

@Module({})
export class AccountClosingModule {
  static forContexts(contexts: readonly TablesOwner[]): DynamicModule {
    return {
      module: AccountClosingModule,
      global: true,
      providers: [{ provide: AccountClosing, useValue: new AccountClosing(contexts) }],
      exports: [AccountClosing],
    };
  }
}
