import type { WorkerTimer } from '../../platform/context/bounded-context';
import type { WorkerServices } from '../../platform/context/worker-services';
import { confirmRecurrence } from '../application/pix-automatico';
import { confirmWithPsp } from './psp-confirmation';
import { workerPspConnections } from './psp-connections';

/** Checks per pass, oldest due first. */
const BATCH = 100;
/** After the n-th unanswered check, the next one: 1, 2, 4 ... minutes, at most an hour apart. */
export const nextCheckDelayMs = (attempts: number): number =>
  Math.min(60 * 60_000, 60_000 * 2 ** Math.min(attempts, 6));

/**
 * The safety net of lost notifications: pending charges made through a PSP whose next check is
 * due are asked of the PSP (GET /cob/{txid}); one paid there is paid here (keyed by its
 * endToEndId, like the notification would have been; the settlement process manager records the
 * receita and the credits), one the PSP removed stops being asked, the others are asked again
 * later, further apart each time.
 */
export async function reconcilePixCharges(services: WorkerServices): Promise<number> {
  const connections = workerPspConnections(services);
  const now = services.now();
  const due = await services.db
    .selectFrom('chargePspChecks')
    .selectAll()
    .where('nextCheckAt', '<=', now)
    .orderBy('nextCheckAt')
    .limit(BATCH)
    .execute();
  let paid = 0;
  for (const check of due) {
    let outcome: string;
    try {
      outcome = (
        await confirmWithPsp(
          { db: services.db, runner: services.commands, connections },
          { tenantId: check.tenantId, chargeId: check.chargeId, txid: check.txid },
          'conciliacao',
        )
      ).outcome;
    } catch (error) {
      services.logger.warn({ err: error, txid: check.txid }, 'PSP não respondeu à conciliação');
      outcome = 'erro';
    }
    if (outcome === 'paga') paid++;
    if (outcome === 'paga' || outcome === 'removida' || outcome === 'sem_psp')
      await services.db
        .deleteFrom('chargePspChecks')
        .where('chargeId', '=', check.chargeId)
        .execute();
    else
      await services.db
        .updateTable('chargePspChecks')
        .set({
          attempts: check.attempts + 1,
          nextCheckAt: new Date(now.getTime() + nextCheckDelayMs(check.attempts + 1)),
        })
        .where('chargeId', '=', check.chargeId)
        .execute();
  }
  return paid;
}

/**
 * The same net for Pix Automático's recurrences still waiting for the student: asked of the PSP
 * (GET /rec/{idRec}) from the time the subscription's row names (`rec_check_at`, a minute after the
 * recurrence or a request to the student's bank), further apart each time; authorised or ended
 * there, recorded here (which stops the asking). The count of checks is this net's own
 * (`recurrence_checks`), started again by a later request. Answers how many it recorded.
 */
export async function reconcileRecurrences(services: WorkerServices): Promise<number> {
  const connections = workerPspConnections(services);
  const now = services.now();
  const due = await services.db
    .selectFrom('subscriptions as s')
    .leftJoin('recurrenceChecks as c', 'c.idRec', 's.idRec')
    .select(['s.id', 's.tenantId', 's.idRec', 's.recCheckAt', 'c.since', 'c.attempts'])
    .where('s.recCheckAt', '<=', now)
    .where((eb) =>
      eb.or([
        eb('c.idRec', 'is', null),
        eb('c.since', '<>', eb.ref('s.recCheckAt')),
        eb('c.nextCheckAt', '<=', now),
      ]),
    )
    .orderBy('s.recCheckAt')
    .limit(BATCH)
    .execute();
  let recorded = 0;
  for (const row of due) {
    if (!row.idRec || !row.recCheckAt) continue;
    let verdict: string;
    try {
      verdict = await confirmRecurrence(
        { db: services.db, runner: services.commands, connections },
        { tenantId: row.tenantId, subscriptionId: row.id, idRec: row.idRec },
      );
    } catch (error) {
      services.logger.warn(
        { err: error, idRec: row.idRec },
        'PSP não respondeu sobre a recorrência',
      );
      verdict = 'erro';
    }
    if (verdict === 'autorizada' || verdict === 'encerrada') {
      recorded++;
      await services.db.deleteFrom('recurrenceChecks').where('idRec', '=', row.idRec).execute();
      continue;
    }
    const attempts =
      row.since !== null && row.since.getTime() === row.recCheckAt.getTime()
        ? (row.attempts ?? 0) + 1
        : 1;
    const nextCheckAt =
      verdict === 'sem_psp' || verdict === 'desconhecida'
        ? new Date('9999-12-31T00:00:00Z')
        : new Date(now.getTime() + nextCheckDelayMs(attempts));
    const check = { tenantId: row.tenantId, since: row.recCheckAt, attempts, nextCheckAt };
    await services.db
      .insertInto('recurrenceChecks')
      .values({ idRec: row.idRec, ...check })
      .onConflict((conflict) => conflict.column('idRec').doUpdateSet(check))
      .execute();
  }
  return recorded;
}

export const pixReconciliation: WorkerTimer = {
  name: 'pix-reconciliation',
  everyMs: 15_000,
  async run(services) {
    await reconcilePixCharges(services);
    await reconcileRecurrences(services);
  },
};
