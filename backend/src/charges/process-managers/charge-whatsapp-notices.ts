import { STUDENT_AREA_PATH } from '../../contracts/charges/api';
import { chargeEvents } from '../../contracts/charges/events';
import { TrainerContacts } from '../../contracts/identity/ports';
import { WhatsAppMessages, type WhatsAppOffer } from '../../contracts/messaging/ports';
import type { WorkerServices } from '../../platform/context/worker-services';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { processManager } from '../../platform/projections/process-manager';
import { studentToCharge } from '../queries/charge-sources';
import { isCycle, newChargeCause } from './cycle-charge-notices';

export const CHARGE_WHATSAPP_NOTICES = 'charge-whatsapp-notices';

const reactsTo = pickEvents(chargeEvents, ['ChargeCreated', 'ChargePaid']);
type ChargeNoticeEvent = StoredEventOf<typeof reactsTo>;

/** A charge made or paid longer ago than this is no news (a first run over an old log). */
const NEWS_MS = 24 * 3_600_000;

/** The cause of a charge's 'Pagamento recebido' on WhatsApp: one per charge. */
export const chargePaidCause = (chargeId: string) => `charge-paid-${chargeId}`;

/** What the student's WhatsApp says of a charge: a new one to pay, or its payment received. */
async function offerOf(
  services: WorkerServices,
  stored: ChargeNoticeEvent,
): Promise<WhatsAppOffer | undefined> {
  const { tenantId, streamId: chargeId } = stored;
  const created =
    stored.eventType === 'ChargeCreated'
      ? stored
      : (await readStreamOf(services.db, tenantId, chargeId, chargeEvents)).find(
          (each) => each.eventType === 'ChargeCreated',
        );
  if (created?.eventType !== 'ChargeCreated') return undefined;
  const charge = created.data;
  const student = await studentToCharge(services.db, tenantId, charge.studentId);
  if (!student) return undefined;
  const message = { tenantId, studentId: charge.studentId, sessionId: null, fallback: null };
  if (stored.eventType === 'ChargePaid')
    return {
      ...message,
      cause: chargePaidCause(chargeId),
      kind: 'pagamento-recebido',
      // No receipt of the student's is public: their area shows what they paid.
      variables: {
        studentNome: student.nome,
        valorCentavos: charge.valorCentavos,
        reciboUrl: `${services.config.APP_URL.replace(/\/$/, '')}${STUDENT_AREA_PATH}`,
      },
    };
  // A cycle's charge is told by its own notice (WhatsApp or e-mail); a Pix Automático one is
  // debited by the student's bank; one without a Pix Copia e Cola has nothing to pay with.
  if (isCycle(stored) || charge.tipoCob === 'cobr' || charge.brCode === '') return undefined;
  const trainer = await services.port(TrainerContacts).contactOf(tenantId);
  return {
    ...message,
    cause: newChargeCause(chargeId),
    kind: 'nova-cobranca',
    variables: {
      studentNome: student.nome,
      trainerNome: trainer?.nome ?? 'Seu personal',
      valorCentavos: charge.valorCentavos,
      descricao: charge.planNome,
      pixCopiaECola: charge.brCode,
    },
  };
}

/**
 * A new charge ('Nova cobrança' with its Pix Copia e Cola) and a charge paid ('Pagamento
 * recebido') reach the student by WhatsApp when the messaging context says they may get it there;
 * nothing goes instead (no e-mail told of these before). Each is offered under its charge's cause,
 * so the same event handled again (a batch run twice, two workers) sends one message; a charge
 * made or paid more than a day ago is no news. A message that cannot be queued (Redis away) fails
 * the batch, which is tried again.
 */
export const chargeWhatsAppNotices = processManager({
  name: CHARGE_WHATSAPP_NOTICES,
  reactsTo,
  async handle(events, services): Promise<void> {
    const since = services.now().getTime() - NEWS_MS;
    for (const stored of events) {
      if (stored.occurredAt.getTime() < since) continue;
      const offer = await offerOf(services, stored);
      if (offer) await services.port(WhatsAppMessages).offer(offer);
    }
  },
});
