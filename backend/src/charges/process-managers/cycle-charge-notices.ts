import {
  automaticDebitEndedSubject,
  automaticDebitEndedText,
  cycleChargeSubject,
  cycleChargeText,
  STUDENT_AREA_PATH,
} from '../../contracts/charges/api';
import { chargeEvents } from '../../contracts/charges/events';
import { TrainerContacts } from '../../contracts/identity/ports';
import { WhatsAppMessages } from '../../contracts/messaging/ports';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import type { WorkerServices } from '../../platform/context/worker-services';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { escapeHtml } from '../../platform/mail/mailer';
import { processManager } from '../../platform/projections/process-manager';
import { studentToCharge } from '../queries/charge-sources';

export const CYCLE_CHARGE_NOTICES = 'cycle-charge-notices';

const reactsTo = pickEvents(chargeEvents, ['ChargeCreated', 'ChargeAutomaticDebitEnded']);
type CycleNoticeEvent = StoredEventOf<typeof reactsTo>;
type ChargeCreatedEvent = Extract<CycleNoticeEvent, { eventType: 'ChargeCreated' }>;

/** The cause of a charge's 'Nova cobrança' on WhatsApp: one per charge, however it is told. */
export const newChargeCause = (chargeId: string) => `charge-${chargeId}`;

/** A cycle's charge, due on a day; a Pix Automático one (cobr) is debited by the student's bank: nothing for them to pay. */
export const isCycle = (
  event: ChargeCreatedEvent,
): event is ChargeCreatedEvent & { data: { vencimento: string } } =>
  event.data.origem === 'assinatura' &&
  Boolean(event.data.vencimento) &&
  event.data.tipoCob !== 'cobr';

/**
 * Tells the student of a cycle's charge (plan, amount, due day, Pix Copia e Cola, their area) once:
 * by WhatsApp ('Nova cobrança') when the messaging context says they may get it there, the e-mail
 * going instead only if WhatsApp cannot deliver it; otherwise by e-mail. A Pix Automático cycle is
 * debited by the student's bank and told only if that debit ends unpaid (ChargeAutomaticDebitEnded):
 * then it is to be paid by Pix, however late, and its e-mail says the debit was not made. The
 * charge's row in `cycle_charge_notices` is claimed in the transaction that sends, so a batch run
 * again (a crash before the checkpoint moved, two workers) sends nothing more, and a send that fails
 * claims nothing (the batch is tried again). A cycle already paid, cancelled or past its due day (São
 * Paulo) when its turn comes gets none, nor does a student with neither an e-mail nor WhatsApp: the
 * trainer's WhatsApp reminder is for overdue ones. Answers how many went out.
 */
export async function sendCycleChargeNotices(
  services: WorkerServices,
  events: readonly CycleNoticeEvent[],
): Promise<number> {
  const notices = events.filter(
    (event) => event.eventType === 'ChargeAutomaticDebitEnded' || isCycle(event),
  );
  if (notices.length === 0) return 0;
  const told = new Set(
    (
      await services.db
        .selectFrom('cycleChargeNotices')
        .select('chargeId')
        .where((eb) =>
          eb('chargeId', '=', eb.fn.any(eb.val(notices.map((event) => event.streamId)))),
        )
        .execute()
    ).map((row) => row.chargeId),
  );
  const today = zonedParts(services.now(), DEFAULT_TIME_ZONE).date;
  const areaUrl = `${services.config.APP_URL.replace(/\/$/, '')}${STUDENT_AREA_PATH}`;
  let sent = 0;
  for (const event of notices) {
    if (told.has(event.streamId)) continue;
    const stream = await readStreamOf(services.db, event.tenantId, event.streamId, chargeEvents);
    const created = stream.find((stored) => stored.eventType === 'ChargeCreated');
    if (created?.eventType !== 'ChargeCreated' || created.data.origem !== 'assinatura') continue;
    const debitEnded = event.eventType === 'ChargeAutomaticDebitEnded';
    const charge = {
      ...created.data,
      brCode: debitEnded ? event.data.brCode : created.data.brCode,
    };
    if (!charge.vencimento || (!debitEnded && charge.vencimento < today)) continue;
    const settled = stream.some(
      (stored) => stored.eventType === 'ChargePaid' || stored.eventType === 'ChargeCancelled',
    );
    if (settled) continue;
    const student = await studentToCharge(services.db, event.tenantId, charge.studentId);
    if (!student) continue;
    const trainer = await services.port(TrainerContacts).contactOf(event.tenantId);
    const words = {
      studentNome: student.nome,
      planNome: charge.planNome,
      valor: charge.valorCentavos / 100,
      vencimento: charge.vencimento,
      brCode: charge.brCode,
    };
    const trainerNome = trainer?.nome ?? 'Seu personal';
    const text = `${(debitEnded ? automaticDebitEndedText : cycleChargeText)(words, areaUrl)}\n\n${trainerNome}`;
    const email = student.email?.includes('@')
      ? {
          to: student.email,
          subject: (debitEnded ? automaticDebitEndedSubject : cycleChargeSubject)(words),
          text,
          html: text
            .split('\n\n')
            .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
            .join(''),
        }
      : null;
    const notified = await services.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('cycleChargeNotices')
        .values({ chargeId: event.streamId, tenantId: event.tenantId, sentAt: services.now() })
        .onConflict((conflict) => conflict.column('chargeId').doNothing())
        .returning('chargeId')
        .executeTakeFirst();
      if (!claim) return false;
      // Without a Pix Copia e Cola there is nothing for the WhatsApp message to carry.
      const byWhatsApp =
        charge.brCode !== '' &&
        (await services
          .port(WhatsAppMessages)
          .offer({
            tenantId: event.tenantId,
            studentId: charge.studentId,
            sessionId: null,
            cause: newChargeCause(event.streamId),
            kind: 'nova-cobranca',
            variables: {
              studentNome: student.nome,
              trainerNome,
              valorCentavos: charge.valorCentavos,
              descricao: charge.planNome,
              pixCopiaECola: charge.brCode,
            },
            fallback: email,
          })
          .catch((error: unknown) => {
            services.logger.warn(
              `cobranças: WhatsApp da cobrança ${event.streamId} não enfileirado: ${String(error)}`,
            );
            return false;
          }));
      if (byWhatsApp) return true;
      if (!email) return false;
      await services.mailer.send(email);
      return true;
    });
    if (notified) sent++;
  }
  return sent;
}

/**
 * In the worker: every charge created, of which a subscription's cycles tell their student, and
 * every Pix Automático debit that ended unpaid.
 */
export const cycleChargeNotices = processManager({
  name: CYCLE_CHARGE_NOTICES,
  reactsTo,
  async handle(events, services) {
    await sendCycleChargeNotices(services, events);
  },
});
