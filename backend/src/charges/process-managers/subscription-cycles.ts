import { buildBrCode, type PixSettings } from '../../contracts/charges/pix';
import { subscriptionEvents } from '../../contracts/charges/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { WorkerTimer } from '../../platform/context/bounded-context';
import type { WorkerServices } from '../../platform/context/worker-services';
import { DomainError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { loadState } from '../../platform/event-store/load-state';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { ChargeCommands, currentPixSettings } from '../commands/charge.commands';
import { subscriptionReferences } from '../commands/subscription.commands';
import {
  billsCycle,
  cycleChargeIdOf,
  dueHorizon,
  leftOutMotivo,
  subscriptionDecider,
  type SubscriptionCommand,
  type SubscriptionState,
} from '../domain/subscription.decider';
import { ApiPixError, pspFailureIsTransient, pspFailureReason } from '../psp/api-pix-client';
import { workerPspConnections } from '../psp/psp-connections';
import { planToCharge, studentToCharge } from '../queries/charge-sources';

export const SUBSCRIPTION_CYCLES = 'subscription-cycles';
/** Subscriptions the clock looks at per round. */
const BATCH = 200;
/** Subscriptions told, or whose cycles are made, at once. */
const CONCURRENCY = 8;
/** A cycle's charge at the PSP stays payable this long after its due day (cobv's validadeAposVencimento). */
export const DAYS_PAYABLE_AFTER_DUE = 30;
/** Pix Automático: a recurring charge is made from 10 to 2 days before its due day. */
export const COBR_MAX_DAYS_AHEAD = 10;
export const COBR_MIN_DAYS_AHEAD = 2;

type Subscribed = Exclude<SubscriptionState, { status: 'absent' }>;
type SettingsOf = (tenantId: string) => Promise<PixSettings | undefined>;

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

/** Seconds from `now` until the end of the day a charge due on `vencimento` stays payable (São Paulo). */
const secondsPayable = (vencimento: string, now: Date) =>
  Math.max(
    86_400,
    Math.round(
      (Date.parse(`${addDays(vencimento, DAYS_PAYABLE_AFTER_DUE)}T03:00:00Z`) - now.getTime()) /
        1000,
    ),
  );

/**
 * The cycle's Pix at the trainer's PSP: Pix Automático's recurring charge (cobr) while authorised
 * and within the standard's window, else a charge with a due date (cobv), or an immediate one
 * (cob) when the due day already passed (a cobv dated in the past is refused) or the payer's CPF
 * is unknown; by hand, the static BR Code.
 */
async function cyclePix(
  services: WorkerServices,
  subscriptionId: string,
  state: Subscribed,
  settings: PixSettings | undefined,
  chargeId: string,
  due: { tenantId: string; vencimento: string; valorCentavos: number; descricao: string; nome: string },
): Promise<{
  txid: string;
  brCode: string;
  provedor: 'manual' | 'api-pix';
  tipoCob?: 'cob' | 'cobv' | 'cobr';
}> {
  if (settings?.provedor === 'api-pix') {
    const client = await workerPspConnections(services).clientOf(due.tenantId, settings.apiPix);
    const txid = txidOf(chargeId, 32);
    const valor = { original: numericFromCentavos(due.valorCentavos) };
    const conta = settings.apiPix?.pixAutomatico;
    const now = services.now();
    const ahead = daysBetween(zonedParts(now, DEFAULT_TIME_ZONE).date, due.vencimento);
    const recorrencia = state.recorrencia;
    // Authorised: the student's bank pays the cycle on its due day; too late for the standard's
    // window, the cycle is a charge to pay like any other.
    if (
      conta &&
      recorrencia?.status === 'autorizada' &&
      ahead >= COBR_MIN_DAYS_AHEAD &&
      ahead <= COBR_MAX_DAYS_AHEAD
    ) {
      const { idRec } = recorrencia;
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
    const cpf = state.subscription.cpf;
    // The standard's cobv names its payer and a due day not yet past.
    const withDueDate = cpf !== null && /^\d{11}$/.test(cpf) && ahead >= 0;
    const cob = withDueDate
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
          calendario: { expiracao: secondsPayable(due.vencimento, now) },
          valor,
          chave: settings.chave,
          solicitacaoPagador,
        });
    if (!cob.pixCopiaECola)
      throw new ApiPixError('recusado', 'O PSP não devolveu o Pix Copia e Cola');
    return {
      txid,
      brCode: cob.pixCopiaECola,
      provedor: 'api-pix',
      tipoCob: withDueDate ? 'cobv' : 'cob',
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

/**
 * Makes the charge of the cycle due on `vencimento` (at the PSP first); a charge made already (the
 * first cycle's, paid through Pix Automático's QR, or one a pass made before it stopped) stays.
 */
async function makeCycleCharge(
  services: WorkerServices,
  settingsOf: SettingsOf,
  tenantId: string,
  subscriptionId: string,
  state: Subscribed,
  vencimento: string,
): Promise<string> {
  const ciclo = vencimento.slice(0, 7);
  const chargeId = cycleChargeIdOf(subscriptionId, ciclo);
  const existing = await services.db
    .selectFrom('chargeTxids')
    .select('chargeId')
    .where('txid', 'in', [txidOf(chargeId, 25), txidOf(chargeId, 32)])
    .executeTakeFirst();
  if (existing) return chargeId;
  const { studentId, planId } = state.subscription;
  const [plan, student, settings] = await Promise.all([
    planToCharge(services.db, tenantId, planId),
    studentToCharge(services.db, tenantId, studentId),
    settingsOf(tenantId),
  ]);
  // Each cycle charges the plan as it stands then (a new price counts from the next cycle).
  const valorCentavos = plan?.valorCentavos ?? state.subscription.valorCentavos;
  const planNome = plan?.nome ?? state.subscription.planNome;
  const studentNome = student?.nome ?? '';
  const pix = await cyclePix(services, subscriptionId, state, settings, chargeId, {
    tenantId,
    vencimento,
    valorCentavos,
    descricao: planNome,
    nome: studentNome,
  });
  try {
    await new ChargeCommands(services.commands).handle(systemContext(tenantId, chargeId), chargeId, {
      type: 'CreateCharge',
      charge: {
        studentId,
        studentNome,
        telefone: student ? (student.whatsapp ?? student.telefone) : null,
        planId,
        planNome,
        creditos: plan?.creditos ?? 0,
        valorCentavos,
        txid: pix.txid,
        brCode: pix.brCode,
        origem: 'assinatura',
        provedor: pix.provedor,
        vencimento,
        ...(pix.tipoCob ? { tipoCob: pix.tipoCob } : {}),
        subscriptionId,
        ciclo,
      },
    });
  } catch (error) {
    // Made meanwhile: one charge per cycle.
    if (!(error instanceof DomainError && error.code === 'charge_exists')) throw error;
  }
  return chargeId;
}

/** Cancels, with why, a cycle's pending charge the subscription no longer bills. */
async function cancelCycleCharge(
  services: Pick<WorkerServices, 'commands'>,
  tenantId: string,
  subscriptionId: string,
  vencimento: string,
  motivo: string,
): Promise<void> {
  const chargeId = cycleChargeIdOf(subscriptionId, vencimento.slice(0, 7));
  try {
    await new ChargeCommands(services.commands).handle(
      systemContext(tenantId, chargeId),
      chargeId,
      { type: 'CancelCharge', motivo },
    );
  } catch (error) {
    // Never made, or paid already (a paid cycle stays paid).
    if (!(error instanceof DomainError)) throw error;
  }
}

/** `work` on every item, CONCURRENCY at a time. */
async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const cycleEvents = pickEvents(subscriptionEvents, [
  'SubscriptionCycleDue',
  'SubscriptionCycleLeftOut',
]);
type CycleEvent = StoredEventOf<typeof cycleEvents>;
type CycleDueEvent = Extract<CycleEvent, { eventType: 'SubscriptionCycleDue' }>;
type CycleLeftOutEvent = Extract<CycleEvent, { eventType: 'SubscriptionCycleLeftOut' }>;

function runSubscription(
  services: WorkerServices,
  streamId: string,
  context: CommandContext,
  command: SubscriptionCommand,
) {
  return services.commands.run({
    decider: subscriptionDecider,
    inline: subscriptionReferences,
    streamId,
    context,
    command,
    options: { now: services.now() },
  });
}

/**
 * A cycle came due: its charge is made (at the PSP first) and the subscription records it issued;
 * one not made is recorded refused, with why: a refusal waits for the trainer ('Tentar de novo'), a
 * PSP down or unreachable is tried again by the clock. A cycle issued, refused or left out meanwhile is
 * left alone; one the subscription stopped billing while its charge was being made (cancelled
 * then) has that charge cancelled.
 */
async function issueDueCycle(
  services: WorkerServices,
  settingsOf: SettingsOf,
  event: CycleDueEvent,
): Promise<void> {
  const { tenantId, streamId } = event;
  const { ciclo, vencimento } = event.data;
  const { state } = await loadState(services.db, tenantId, streamId, subscriptionDecider);
  if (state.status === 'absent') return;
  const open = state.emAberto[ciclo];
  if (!open || open.recusa !== null) return;
  const send = (command: SubscriptionCommand, index: number) =>
    runSubscription(
      services,
      streamId,
      processManagerCommand(SUBSCRIPTION_CYCLES, event, index),
      command,
    );
  let chargeId: string;
  try {
    chargeId = await makeCycleCharge(services, settingsOf, tenantId, streamId, state, vencimento);
  } catch (error) {
    // Recorded, never thrown: a batch that failed would run again at once, and one trainer's PSP
    // (or credentials that no longer open) would hold every other trainer's cycles back.
    services.logger.warn({ err: error, subscriptionId: streamId, ciclo }, 'Ciclo não emitido');
    await send(
      {
        type: 'RecordCycleRefused',
        ciclo,
        motivo: pspFailureReason(error),
        transitoria: pspFailureIsTransient(error),
      },
      0,
    );
    return;
  }
  await send({ type: 'RecordCycleIssued', ciclo, chargeId }, 1);
  const after = await loadState(services.db, tenantId, streamId, subscriptionDecider);
  if (after.state.status !== 'absent' && !billsCycle(after.state, vencimento))
    await cancelCycleCharge(services, tenantId, streamId, vencimento, leftOutMotivo(after.state));
}

/**
 * A cycle the subscription no longer bills (cancelled or paused after it came due): its charge,
 * made ahead, is cancelled with why; the charge's cancellation takes it off the PSP too
 * (charges-removed-at-psp), so the student's bank pays none of it.
 */
async function leaveOutCycle(services: WorkerServices, event: CycleLeftOutEvent): Promise<void> {
  const { tenantId, streamId } = event;
  const { vencimento, motivo } = event.data;
  await cancelCycleCharge(services, tenantId, streamId, vencimento, motivo);
}

/**
 * In the worker: each cycle come due gets its charge made, once, and each left out has it
 * cancelled; a few subscriptions at a time (each one's cycles in order), as a PSP answers in a
 * fraction of a second.
 */
export const subscriptionCycles = processManager({
  name: SUBSCRIPTION_CYCLES,
  reactsTo: cycleEvents,
  async handle(events, services) {
    // Each trainer's settings read once per batch.
    const settings = new Map<string, Promise<PixSettings | undefined>>();
    const settingsOf: SettingsOf = (tenantId) => {
      let found = settings.get(tenantId);
      if (!found) settings.set(tenantId, (found = currentPixSettings(services.db, tenantId)));
      return found;
    };
    const bySubscription = new Map<string, CycleEvent[]>();
    for (const event of events)
      bySubscription.set(event.streamId, [...(bySubscription.get(event.streamId) ?? []), event]);
    await inTurns([...bySubscription.values()], async (cycles) => {
      for (const event of cycles)
        if (event.eventType === 'SubscriptionCycleDue') await issueDueCycle(services, settingsOf, event);
        else await leaveOutCycle(services, event);
    });
  },
});

/**
 * The clock's word: every subscription whose next cycle comes due by now (CYCLE_LEAD_DAYS before
 * its due day, days cut in São Paulo whatever the process's zone), or whose cycle the PSP failed
 * to make is to be tried again by now, is told so through its decider, which opens each cycle
 * once however often it is told (two workers, a read model behind).
 * Answers how many subscriptions it told.
 */
export async function openDueCycles(services: WorkerServices): Promise<number> {
  const now = services.now();
  const ate = dueHorizon(now);
  let told = 0;
  let after: string | undefined;
  for (;;) {
    let query = services.db
      .selectFrom('subscriptions')
      .select(['id', 'tenantId'])
      .where((where) =>
        where.or([where('proximoVencimento', '<=', ate), where('novaTentativaEm', '<=', now)]),
      )
      .orderBy('id')
      .limit(BATCH);
    if (after) query = query.where('id', '>', after);
    const rows = await query.execute();
    await inTurns(rows, async (row) => {
      const context: CommandContext = {
        tenantId: row.tenantId,
        actorId: `worker:${SUBSCRIPTION_CYCLES}`,
        actorRole: 'system',
        correlationId: `${row.id}:${ate}`,
      };
      try {
        await runSubscription(services, row.id, context, { type: 'OpenDueCycles', ate });
        told++;
      } catch (error) {
        services.logger.warn({ err: error, subscriptionId: row.id }, 'Ciclos da assinatura não abertos');
      }
    });
    if (rows.length < BATCH) return told;
    after = rows.at(-1)!.id;
  }
}

export const subscriptionCyclesClock: WorkerTimer = {
  name: `${SUBSCRIPTION_CYCLES}-clock`,
  everyMs: 60_000,
  async run(services) {
    await openDueCycles(services);
  },
};
