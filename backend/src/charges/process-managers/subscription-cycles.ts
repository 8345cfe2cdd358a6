import { type Selectable, sql } from 'kysely';
import { CYCLE_LEAD_DAYS } from '../../contracts/charges/api';
import { subscriptionEvents } from '../../contracts/charges/events';
import { buildBrCode, type PixSettings } from '../../contracts/charges/pix';
import { numericFromCentavos, centavosFromNumeric } from '../../contracts/shared/money';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { WorkerTimer } from '../../platform/context/bounded-context';
import type { WorkerServices } from '../../platform/context/worker-services';
import type { Subscriptions } from '../../platform/database/database.types';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { readStreamOf } from '../../platform/event-store/event-store';
import { ChargeCommands, currentPixSettings } from '../commands/charge.commands';
import { cycleChargeIdOf, nextDueDate } from '../domain/subscription.decider';
import { ApiPixError } from '../psp/api-pix-client';
import { workerPspConnections } from '../psp/psp-connections';
import { planToCharge, studentToCharge } from '../queries/charge-sources';

export const SUBSCRIPTION_CYCLES = 'subscription-cycles';
/** Subscriptions claimed per round, and cycles issued at once. */
const BATCH = 200;
const CONCURRENCY = 8;
/** How long a worker holds the subscriptions it claimed (another one takes them over after). */
const CLAIM_MS = 2 * 60_000;
/** A cycle's charge at the PSP stays payable this long after its due day (cobv's validadeAposVencimento). */
export const DAYS_PAYABLE_AFTER_DUE = 30;
/** Pix Automático: a recurring charge is made from 10 to 2 days before its due day. */
export const COBR_MAX_DAYS_AHEAD = 10;
export const COBR_MIN_DAYS_AHEAD = 2;
export const CANCELLED_CYCLE_MOTIVO = 'Assinatura cancelada';

type SubscriptionRow = Selectable<Subscriptions>;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** The charge's id-derived txid: 32 letters and digits through the PSP, 25 in a static BR Code. */
export const txidOf = (chargeId: string, length: 25 | 32) =>
  chargeId.replace(/-/g, '').toUpperCase().slice(0, length).padEnd(length, 'C');

const systemContext = (tenantId: string, chargeId: string): CommandContext => ({
  tenantId,
  actorId: `worker:${SUBSCRIPTION_CYCLES}`,
  actorRole: 'system',
  correlationId: chargeId,
});

/** The payer's CPF the subscription was made with (sealed in its event, not kept in the table). */
async function payerCpf(services: WorkerServices, row: SubscriptionRow): Promise<string | null> {
  let cpf: string | null = null;
  for (const stored of await readStreamOf(services.db, row.tenantId, row.id, subscriptionEvents))
    if (stored.eventType === 'SubscriptionStarted') cpf = stored.data.cpf;
  return cpf && /^\d{11}$/.test(cpf) ? cpf : null;
}

/** The cycle's Pix: a charge with a due date at the PSP (cobv), or the static BR Code. */
async function cyclePix(
  services: WorkerServices,
  row: SubscriptionRow,
  settings: PixSettings | undefined,
  chargeId: string,
  due: { vencimento: string; valorCentavos: number; descricao: string; nome: string },
): Promise<{
  txid: string;
  brCode: string;
  provedor: 'manual' | 'api-pix';
  tipoCob?: 'cob' | 'cobv' | 'cobr';
}> {
  if (settings?.provedor === 'api-pix') {
    const client = await workerPspConnections(services).clientOf(row.tenantId, settings.apiPix);
    const txid = txidOf(chargeId, 32);
    const valor = { original: numericFromCentavos(due.valorCentavos) };
    const conta = settings.apiPix?.pixAutomatico;
    const ahead = daysBetween(zonedParts(services.now(), DEFAULT_TIME_ZONE).date, due.vencimento);
    // Authorised: the student's bank pays the cycle on its due day; too late for the standard's
    // window (a worker that was down), the cycle is a charge to pay like any other.
    if (
      conta &&
      row.pixAutomatico === 'autorizada' &&
      row.idRec &&
      ahead >= COBR_MIN_DAYS_AHEAD &&
      ahead <= COBR_MAX_DAYS_AHEAD
    ) {
      const idRec = row.idRec;
      await client
        .putCobr(txid, {
          idRec,
          infoAdicional: due.descricao.slice(0, 140),
          calendario: { dataDeVencimento: due.vencimento },
          valor,
          ajusteDiaUtil: true,
          recebedor: conta,
        })
        .catch(async (error: unknown) => {
          // Made by a pass that stopped before recording it: the PSP's is this cycle's.
          if (!(error instanceof ApiPixError && error.status === 400)) throw error;
          const made = await client.getCobr(txid).catch(() => undefined);
          if (made?.idRec !== idRec || made.calendario.dataDeVencimento !== due.vencimento)
            throw error;
        });
      return { txid, brCode: '', provedor: 'api-pix', tipoCob: 'cobr' };
    }
    const solicitacaoPagador = due.descricao.slice(0, 140);
    // The standard's cobv names its payer: without the student's CPF, an immediate charge that
    // stays payable as long as the cobv would.
    const cpf = await payerCpf(services, row);
    const cob = cpf
      ? await client.putCobv(txid, {
          calendario: {
            dataDeVencimento: due.vencimento,
            validadeAposVencimento: DAYS_PAYABLE_AFTER_DUE,
          },
          devedor: { cpf, nome: due.nome.slice(0, 200) },
          valor,
          chave: settings.chave,
          solicitacaoPagador,
        })
      : await client.putCob(txid, {
          calendario: {
            expiracao: Math.max(
              86_400,
              Math.round(
                (Date.parse(`${addDays(due.vencimento, DAYS_PAYABLE_AFTER_DUE)}T03:00:00Z`) -
                  services.now().getTime()) /
                  1000,
              ),
            ),
          },
          valor,
          chave: settings.chave,
          solicitacaoPagador,
        });
    if (!cob.pixCopiaECola) throw new Error('o PSP não devolveu o Pix Copia e Cola');
    return {
      txid,
      brCode: cob.pixCopiaECola,
      provedor: 'api-pix',
      tipoCob: cpf ? 'cobv' : 'cob',
    };
  }
  const txid = txidOf(chargeId, 25);
  if (!settings) return { txid, brCode: '', provedor: 'manual' };
  return {
    txid,
    brCode: buildBrCode({ ...settings, valorCentavos: due.valorCentavos, txid }),
    provedor: 'manual',
  };
}

/** Makes the charge of the cycle due on `vencimento`; a cycle made already is left as it is. */
async function issueCycle(
  services: WorkerServices,
  row: SubscriptionRow,
  vencimento: string,
  settingsOf: (tenantId: string) => Promise<PixSettings | undefined>,
): Promise<boolean> {
  const ciclo = vencimento.slice(0, 7);
  const chargeId = cycleChargeIdOf(row.id, ciclo);
  const existing = await services.db
    .selectFrom('chargeTxids')
    .select('chargeId')
    .where('txid', 'in', [txidOf(chargeId, 25), txidOf(chargeId, 32)])
    .executeTakeFirst();
  if (existing) return false;
  const [plan, student, settings] = await Promise.all([
    planToCharge(services.db, row.tenantId, row.planId),
    studentToCharge(services.db, row.tenantId, row.studentId),
    settingsOf(row.tenantId),
  ]);
  // Each cycle charges the plan as it stands then (a new price counts from the next cycle).
  const valorCentavos = plan?.valorCentavos ?? centavosFromNumeric(row.valor);
  const planNome = plan?.nome ?? row.planNome;
  const studentNome = student?.nome ?? '';
  const pix = await cyclePix(services, row, settings, chargeId, {
    vencimento,
    valorCentavos,
    descricao: planNome,
    nome: studentNome,
  });
  try {
    await new ChargeCommands(services.commands).handle(
      systemContext(row.tenantId, chargeId),
      chargeId,
      {
        type: 'CreateCharge',
        charge: {
          studentId: row.studentId,
          studentNome,
          telefone: student ? (student.whatsapp ?? student.telefone) : null,
          planId: row.planId,
          planNome,
          creditos: plan?.creditos ?? 0,
          valorCentavos,
          txid: pix.txid,
          brCode: pix.brCode,
          origem: 'assinatura',
          provedor: pix.provedor,
          vencimento,
          ...(pix.tipoCob ? { tipoCob: pix.tipoCob } : {}),
          subscriptionId: row.id,
          ciclo,
        },
      },
    );
    return true;
  } catch (error) {
    // Made by another worker meanwhile: one charge per cycle.
    if (error instanceof ConflictError && error.code === 'charge_exists') return false;
    throw error;
  }
}

/** Cancels, with why, a cycle's pending charge the subscription's cancellation leaves out. */
export async function cancelCycleCharge(
  services: Pick<WorkerServices, 'commands'>,
  tenantId: string,
  subscriptionId: string,
  vencimento: string,
): Promise<void> {
  const chargeId = cycleChargeIdOf(subscriptionId, vencimento.slice(0, 7));
  try {
    await new ChargeCommands(services.commands).handle(
      systemContext(tenantId, chargeId),
      chargeId,
      { type: 'CancelCharge', motivo: CANCELLED_CYCLE_MOTIVO },
    );
  } catch (error) {
    // Never made, or paid already (a paid cycle stays paid).
    if (!(error instanceof DomainError)) throw error;
  }
}

/** The cycles of one subscription due by `horizon`, then its next due day (or none). */
async function issueDue(
  services: WorkerServices,
  row: SubscriptionRow,
  horizon: string,
  settingsOf: (tenantId: string) => Promise<PixSettings | undefined>,
): Promise<number> {
  const stays = (due: string) =>
    row.status === 'ativa' || (row.ultimoVencimento !== null && due <= row.ultimoVencimento);
  let issued = 0;
  let due: string | null = row.proximoVencimento;
  const made: string[] = [];
  while (due !== null && due <= horizon && stays(due)) {
    if (await issueCycle(services, row, due, settingsOf)) {
      issued++;
      made.push(due);
    }
    due = nextDueDate(due, row.diaVencimento);
  }
  if (due !== null && !stays(due)) due = null;
  const next = due === null ? null : sql<string>`${due}::date`;
  const after = await services.db
    .updateTable('subscriptions')
    .set((eb) => ({
      claimedUntil: null,
      // Cancelled meanwhile: nothing after the last cycle that stays.
      proximoVencimento:
        next === null
          ? null
          : eb
              .case()
              .when('status', '=', 'ativa')
              .then(next)
              .when('ultimoVencimento', '>=', next)
              .then(next)
              .else(null)
              .end(),
    }))
    .where('id', '=', row.id)
    .returning(['status', 'ultimoVencimento'])
    .executeTakeFirst();
  if (after?.status === 'cancelada')
    for (const vencimento of made)
      if (after.ultimoVencimento === null || vencimento > after.ultimoVencimento) {
        await cancelCycleCharge(services, row.tenantId, row.id, vencimento);
        issued--;
      }
  return issued;
}

/**
 * Issues every subscription's cycles whose charge is due: from CYCLE_LEAD_DAYS before the due
 * day (days cut in São Paulo, whatever the process's zone), one charge per subscription and
 * month (its id derived from both), so a second pass or a second worker issues nothing more.
 * Workers claim subscriptions for a while (`for update skip locked`), so two never call the PSP
 * for the same cycle at once; one whose PSP fails is tried again once its claim lapses.
 * Answers how many charges it made.
 */
export async function issueSubscriptionCycles(services: WorkerServices): Promise<number> {
  const now = services.now();
  const horizon = addDays(zonedParts(now, DEFAULT_TIME_ZONE).date, CYCLE_LEAD_DAYS);
  const settings = new Map<string, Promise<PixSettings | undefined>>();
  const settingsOf = (tenantId: string) => {
    let found = settings.get(tenantId);
    if (!found) {
      found = currentPixSettings(services.db, tenantId);
      settings.set(tenantId, found);
    }
    return found;
  };
  let issued = 0;
  for (;;) {
    const claimed = await services.db
      .updateTable('subscriptions')
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('subscriptions')
          .select('id')
          .where('proximoVencimento', '<=', horizon)
          .where((inner) =>
            inner.or([inner('claimedUntil', 'is', null), inner('claimedUntil', '<', now)]),
          )
          .orderBy('proximoVencimento')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    if (claimed.length === 0) return issued;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, async () => {
        while (next < claimed.length) {
          const row = claimed[next++];
          try {
            const made = await issueDue(services, row, horizon, settingsOf);
            issued += made;
          } catch (error) {
            services.logger.warn(
              { err: error, subscriptionId: row.id },
              'Ciclo da assinatura não emitido; nova tentativa quando a reserva expirar',
            );
          }
        }
      }),
    );
  }
}

export const subscriptionCycles: WorkerTimer = {
  name: SUBSCRIPTION_CYCLES,
  everyMs: 15_000,
  async run(services) {
    await issueSubscriptionCycles(services);
  },
};
