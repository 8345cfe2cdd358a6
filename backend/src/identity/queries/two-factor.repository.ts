import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../platform/database/database';
import { DATABASE, type Db } from '../../platform/database/database.module';

/** The TOTP tables (secret per user, hashed recovery codes): the only code that touches them. */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('mfaTotp')
      .select('userId')
      .where('userId', '=', userId)
      .where('activatedAt', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Keeps a new secret waiting for its first code; replaces an unfinished enrolment only. */
  async startEnrolment(userId: string, secret: string): Promise<void> {
    await this.db
      .insertInto('mfaTotp')
      .values({ userId, secret, activatedAt: null, lastTimeStep: null })
      .onConflict((conflict) =>
        conflict
          .column('userId')
          .doUpdateSet({ secret, activatedAt: null, lastTimeStep: null })
          .where('mfaTotp.activatedAt', 'is', null),
      )
      .execute();
  }

  /** The secret of an enrolment not yet active, locked until the transaction ends. */
  async pendingSecret(trx: Transaction<Database>, userId: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('mfaTotp')
      .select('secret')
      .where('userId', '=', userId)
      .where('activatedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    return row?.secret;
  }

  /** The active secret and the last time step used with it, locked until the transaction ends. */
  activeSecret(
    trx: Kysely<Database>,
    userId: string,
  ): Promise<{ secret: string; lastTimeStep: number | null } | undefined> {
    return trx
      .selectFrom('mfaTotp')
      .select(['secret', 'lastTimeStep'])
      .where('userId', '=', userId)
      .where('activatedAt', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async activate(
    trx: Transaction<Database>,
    userId: string,
    now: Date,
    timeStep: number,
  ): Promise<void> {
    await trx
      .updateTable('mfaTotp')
      .set({ activatedAt: now, lastTimeStep: timeStep })
      .where('userId', '=', userId)
      .execute();
  }

  /** A code's time step, so the same code is never accepted twice. */
  async useTimeStep(trx: Kysely<Database>, userId: string, timeStep: number): Promise<void> {
    await trx
      .updateTable('mfaTotp')
      .set({ lastTimeStep: timeStep })
      .where('userId', '=', userId)
      .execute();
  }

  async replaceRecoveryCodes(
    trx: Transaction<Database>,
    userId: string,
    hashes: Buffer[],
  ): Promise<void> {
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', userId).execute();
    await trx
      .insertInto('mfaRecoveryCodes')
      .values(hashes.map((codeHash) => ({ id: uuidv7(), userId, codeHash, usedAt: null })))
      .execute();
  }

  /** Spends an unused recovery code; false when there is none with that hash. */
  async useRecoveryCode(
    trx: Kysely<Database>,
    userId: string,
    codeHash: Buffer,
    now: Date,
  ): Promise<boolean> {
    const used = await trx
      .updateTable('mfaRecoveryCodes')
      .set({ usedAt: now })
      .where('userId', '=', userId)
      .where('codeHash', '=', codeHash)
      .where('usedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return used !== undefined;
  }

  async remove(trx: Transaction<Database>, userId: string): Promise<void> {
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', userId).execute();
    await trx.deleteFrom('mfaTotp').where('userId', '=', userId).execute();
  }
}
