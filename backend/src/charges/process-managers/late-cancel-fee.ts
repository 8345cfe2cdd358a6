import { v5 as uuidv5 } from 'uuid';
import { LATE_CANCEL_FEE_LABEL, LATE_CANCEL_UNDONE_MOTIVO } from '../../contracts/charges/api';
import { buildBrCode, type PixSettings } from '../../contracts/charges/pix';
import { lateCancelFeeCentavos, valuePerCreditCentavos } from '../../contracts/plans/api';
import {
  evolveSessionView,
  sessionLifecycleEvents,
  type SessionView,
} from '../../contracts/scheduling/events';
import { numericFromCentavos } from '../../contracts/shared/money';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { WorkerServices } from '../../platform/context/worker-services';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import { eventOf, pickEvents, type StoredEvent } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { ChargeCommands, currentPixSettings } from '../commands/charge.commands';
import { type PspConnections, workerPspConnections } from '../psp/psp-connections';
import { planToCharge, studentToCharge } from '../queries/charge-sources';

export const LATE_CANCEL_FEE = 'late-cancel-fee';
/** Namespace of the fee charges' ids (fixed forever): one per late cancellation. */
const FEE_NAMESPACE = '5b0d7c3e-92a4-4f1e-bc68-0e7a4d2f9b15';
/** A fee is due a week after the cancellation. */
const FEE_DUE_DAYS = 7;

/** The fee of the cancellation at `version` of the session's stream. */
const feeChargeIdOf = (sessionId: string, version: number) =>
  uuidv5(`${sessionId}:${version}`, FEE_NAMESPACE);

const txidOf = (chargeId: string, length: 25 | 32) =>
  chargeId.replace(/-/g, '').toUpperCase().slice(0, length).padEnd(length, 'F');

async function sessionOf(
  services: WorkerServices,
  event: StoredEvent,
): Promise<SessionView | undefined> {
  // Its published events only: the stream also holds the scheduling context's own (an overlap
  // allowed, the student's 'Confirmo'), which the view does not fold.
  const published = await readStreamOf(
    services.db,
    event.tenantId,
    event.streamId,
    sessionLifecycleEvents,
  );
  let view: SessionView | undefined;
  for (const stored of published)
    if (stored.globalPosition <= event.globalPosition) view = evolveSessionView(view, eventOf(stored));
  return view;
}

/** The fee's Pix: the PSP's dynamic code when the trainer charges through it, the static one otherwise. */
async function feePix(
  services: WorkerServices,
  connections: PspConnections,
  tenantId: string,
  chargeId: string,
  settings: PixSettings | undefined,
  valorCentavos: number,
): Promise<{ txid: string; brCode: string; provedor: 'manual' | 'api-pix' }> {
  if (settings?.provedor === 'api-pix') {
    const txid = txidOf(chargeId, 32);
    try {
      const client = await connections.clientOf(tenantId, settings.apiPix);
      const cob = await client.putCob(txid, {
        calendario: { expiracao: (FEE_DUE_DAYS + 7) * 86_400 },
        valor: { original: numericFromCentavos(valorCentavos) },
        chave: settings.chave,
        solicitacaoPagador: LATE_CANCEL_FEE_LABEL,
      });
      if (cob.pixCopiaECola) return { txid, brCode: cob.pixCopiaECola, provedor: 'api-pix' };
    } catch (error) {
      // Recorded all the same, with the static code: the fee must not wait on the PSP.
      services.logger.warn(
        { err: error },
        'PSP não criou a cobrança da taxa; usando o QR estático',
      );
    }
  }
  const txid = txidOf(chargeId, 25);
  if (!settings) return { txid, brCode: '', provedor: 'manual' };
  return {
    txid,
    brCode: buildBrCode({ ...settings, valorCentavos, txid }),
    provedor: 'manual',
  };
}

/**
 * A late cancellation under a policy with a fee (scheduling's SessionStatusChanged to 'cancelada'
 * with `lateCancellation.taxaPercent`), by the trainer or by the student, becomes a pending charge
 * 'Taxa de cancelamento': taxa% of the value per credit of the student's plan (no plan, no price:
 * no fee). One charge per cancellation, its id derived from the event and its command keyed by it,
 * so a replay charges nothing twice. Paid, it records a receita and grants no credit; the trainer
 * may waive it with a reason.
 */
export const lateCancelFee = processManager({
  name: LATE_CANCEL_FEE,
  reactsTo: pickEvents(sessionLifecycleEvents, ['SessionStatusChanged']),
  async handle(events, services) {
    for (const event of events) {
      const { data } = event;
      if (data.from === 'cancelada' && data.to !== 'cancelada') {
        await cancelUndoneFee(services, event);
        continue;
      }
      const percent = data.lateCancellation?.taxaPercent ?? 0;
      if (data.to !== 'cancelada' || percent <= 0) continue;
      const session = await sessionOf(services, event);
      if (!session) continue;
      const student = await studentToCharge(services.db, event.tenantId, session.studentId);
      const plan = student?.planoId
        ? await planToCharge(services.db, event.tenantId, student.planoId)
        : undefined;
      if (!student || !plan || !student.planoId) continue;
      const valorCentavos = lateCancelFeeCentavos(
        valuePerCreditCentavos(plan.valorCentavos, plan.creditos),
        percent,
      );
      if (valorCentavos <= 0) continue;
      const chargeId = feeChargeIdOf(event.streamId, event.streamVersion);
      const settings = await currentPixSettings(services.db, event.tenantId);
      const pix = await feePix(
        services,
        workerPspConnections(services),
        event.tenantId,
        chargeId,
        settings,
        valorCentavos,
      );
      const cancelledOn = zonedParts(event.occurredAt, DEFAULT_TIME_ZONE).date;
      try {
        await new ChargeCommands(services.commands).handle(
          processManagerCommand(LATE_CANCEL_FEE, event),
          chargeId,
          {
            type: 'CreateCharge',
            charge: {
              studentId: session.studentId,
              studentNome: student.nome,
              telefone: student.whatsapp ?? student.telefone,
              planId: student.planoId,
              planNome: plan.nome,
              creditos: 0,
              valorCentavos,
              txid: pix.txid,
              brCode: pix.brCode,
              origem: 'taxa',
              provedor: pix.provedor,
              vencimento: addDays(cancelledOn, FEE_DUE_DAYS),
              sessionId: event.streamId,
            },
          },
        );
      } catch (error) {
        // Made already (another worker, a replay): one fee per cancellation.
        if (!(error instanceof ConflictError && error.code === 'charge_exists')) throw error;
      }
    }
  },
});

/**
 * The session is back on the agenda: the fee of the cancellation it undid (the stream's last change
 * to 'cancelada' before `event`) is cancelled, keyed by `event` so a replay sends nothing twice. No
 * fee was charged (early, no fee in the policy, no plan), or it was paid or waived: it stays so.
 */
async function cancelUndoneFee(services: WorkerServices, event: StoredEvent): Promise<void> {
  const cancellation = (
    await readStreamOf(services.db, event.tenantId, event.streamId, sessionLifecycleEvents)
  )
    .filter(
      (earlier) =>
        earlier.streamVersion < event.streamVersion &&
        earlier.eventType === 'SessionStatusChanged' &&
        earlier.data.to === 'cancelada',
    )
    .at(-1);
  if (!cancellation) return;
  try {
    await new ChargeCommands(services.commands).handle(
      processManagerCommand(LATE_CANCEL_FEE, event),
      feeChargeIdOf(event.streamId, cancellation.streamVersion),
      { type: 'CancelCharge', motivo: LATE_CANCEL_UNDONE_MOTIVO },
    );
  } catch (error) {
    // Never charged, or paid already (a paid fee stays paid).
    if (!(error instanceof DomainError)) throw error;
  }
}
