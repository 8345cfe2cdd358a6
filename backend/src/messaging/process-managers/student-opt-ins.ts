import { contractSignatureEvents } from '../../contracts/agreements/events';
import { firstNameOf } from '../../contracts/shared/names';
import { visitorOptInEvents } from '../../contracts/booking/events';
import { studentAccountEvents } from '../../contracts/identity/events';
import { TrainerContacts } from '../../contracts/identity/ports';
import { RECORDED_BY_VISITOR, STUDENT_OPT_IN_COMO } from '../../contracts/messaging/api';
import { type StudentOptInAct, studentChannelsEvents } from '../../contracts/messaging/events';
import { type FallbackEmail, WhatsAppMessages } from '../../contracts/messaging/ports';
import { reminderWhen } from '../../contracts/reminders/api';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import { studentLifecycleEvents } from '../../contracts/students/events';
import type { WorkerServices } from '../../platform/context/worker-services';
import { pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { escapeHtml } from '../../platform/mail/mailer';
import { hasReached } from '../../platform/projections/checkpoint';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { readCheckpoint } from '../../platform/projections/projection-runner';
import {
  studentChannelsDecider,
  studentChannelsStreamId,
} from '../domain/student-channels.decider';
import { whatsAppContactsProjection } from '../projections/whatsapp-contacts.projection';

export const STUDENT_OPT_INS = 'student-opt-ins';

const reactsTo = {
  ...pickEvents(studentAccountEvents, ['StudentAccountCreated']),
  ...pickEvents(contractSignatureEvents, ['ContractSigned']),
  ...pickEvents(visitorOptInEvents, ['VisitorOptedInToWhatsApp']),
  ...pickEvents(studentChannelsEvents, ['WhatsAppConsentGiven']),
};
type Reaction = StoredEventOf<typeof reactsTo>;
type ConsentGiven = Extract<Reaction, { eventType: 'WhatsAppConsentGiven' }>;

/** A message about what happened longer ago than this is no news (a first run over an old log). */
const NEWS_MS = 24 * 3_600_000;
/** How long a consent may wait for the contacts read model before its batch is tried again. */
const CONTACTS_WAIT_MS = 5_000;
const CONTACTS_POLL_MS = 50;

/** The student's consent from their own act, on their channels stream. */
interface OptIn {
  studentId: string;
  quando: string;
  registradoPor: string;
  ato: StudentOptInAct;
}

function optInOf(event: Reaction): OptIn | undefined {
  const quando = event.occurredAt.toISOString();
  switch (event.eventType) {
    case 'StudentAccountCreated': {
      const { userId, studentId, whatsapp } = event.data;
      if (!whatsapp) return undefined;
      return { studentId, quando, registradoPor: userId, ato: { tipo: 'convite', userId } };
    }
    case 'ContractSigned': {
      const { studentId, userId, signatureId, consentWhatsApp, consentTimestamp } = event.data;
      if (!consentWhatsApp) return undefined;
      return {
        studentId,
        quando: consentTimestamp,
        registradoPor: userId,
        ato: { tipo: 'contrato', contractId: event.streamId, signatureId },
      };
    }
    case 'VisitorOptedInToWhatsApp':
      return {
        studentId: event.data.studentId,
        quando,
        registradoPor: RECORDED_BY_VISITOR,
        ato: { tipo: 'agendamento-publico', optInId: event.streamId },
      };
    case 'WhatsAppConsentGiven':
      return undefined;
  }
}

/**
 * The sends below read the student's number and consent from the contacts read model: a consent
 * a moment old may not be there yet. Waits for it a little; then the batch is tried again.
 */
async function untilContactsHave(services: WorkerServices, consent: ConsentGiven): Promise<void> {
  const target = { transactionId: consent.transactionId, position: consent.globalPosition };
  const deadline = Date.now() + CONTACTS_WAIT_MS;
  while (!hasReached(await readCheckpoint(services.db, whatsAppContactsProjection.name), target)) {
    if (Date.now() > deadline)
      throw new Error(
        `whatsapp-contacts ainda não aplicou o consentimento ${consent.globalPosition}`,
      );
    await new Promise((resolve) => setTimeout(resolve, CONTACTS_POLL_MS));
  }
}

/** The student's name and e-mail as their stream has them now. */
async function studentOf(services: WorkerServices, tenantId: string, studentId: string) {
  let nome = '';
  let email: string | null = null;
  for (const event of await readStreamOf(services.db, tenantId, studentId, studentLifecycleEvents))
    if (event.eventType === 'StudentRegistered' || event.eventType === 'StudentUpdated') {
      nome = event.data.nome ?? nome;
      if (event.data.email !== undefined) email = event.data.email;
    }
  return { nome, email };
}

const mail = (to: string, subject: string, text: string): FallbackEmail => ({
  to,
  subject,
  text,
  html: text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join(''),
});

/**
 * 'Agendamento público recebido' to a visitor who opted in when booking, once their consent is
 * readable. If WhatsApp refuses it, the same words go to their e-mail; a visitor without one is
 * not reached, and their trainer is told so instead.
 */
async function tellVisitor(services: WorkerServices, consent: ConsentGiven, optInId: string) {
  const { tenantId } = consent;
  const [booking] = await readStreamOf(services.db, tenantId, optInId, visitorOptInEvents);
  if (!booking) return;
  await untilContactsHave(services, consent);
  const { studentId, inicio } = booking.data;
  const [student, trainer] = await Promise.all([
    studentOf(services, tenantId, studentId),
    services.port(TrainerContacts).contactOf(tenantId),
  ]);
  if (!trainer) return;
  const firstName = firstNameOf(student.nome);
  const quando = reminderWhen(new Date(inicio), services.now(), DEFAULT_TIME_ZONE);
  const words = `Olá, ${firstName}! Recebemos seu agendamento com ${trainer.nome} ${quando}. Você recebe a confirmação assim que o personal confirmar.`;
  const fallback = student.email?.includes('@')
    ? mail(student.email, 'Recebemos seu agendamento', words)
    : mail(
        trainer.email,
        `Não foi possível avisar ${firstName} pelo WhatsApp`,
        `${student.nome} agendou pela sua página pública ${quando} e pediu para receber as mensagens pelo WhatsApp, mas o aviso de agendamento recebido não foi entregue.\n\nFale com ${firstName} pelo telefone para confirmar.`,
      );
  await services.port(WhatsAppMessages).offer({
    tenantId,
    studentId,
    sessionId: null,
    cause: `agendamento-publico-${optInId}`,
    kind: 'agendamento-publico',
    variables: { studentNome: student.nome, trainerNome: trainer.nome, quando },
    fallback,
  });
}

/**
 * A student who ticked 'Quero receber lembretes e cobranças pelo WhatsApp' where they gave their
 * data (accepting the invite, signing a contract, booking on the public page: each context's own
 * event) has their consent recorded with that act as its evidence, and WhatsApp turned on for
 * them. Then, for a public booking, the visitor is sent 'Agendamento público recebido': reacting
 * to the consent itself, so it is never offered before the consent is on record. Each command is
 * keyed by its event and each message queued under its booking, so a batch run twice sends
 * nothing twice.
 */
export const studentOptIns = processManager({
  name: STUDENT_OPT_INS,
  reactsTo,
  async handle(events, services) {
    const since = services.now().getTime() - NEWS_MS;
    for (const event of events) {
      if (event.eventType === 'WhatsAppConsentGiven') {
        const { ato } = event.data;
        if (ato?.tipo === 'agendamento-publico' && event.occurredAt.getTime() >= since)
          await tellVisitor(services, event, ato.optInId);
        continue;
      }
      const optIn = optInOf(event);
      if (!optIn) continue;
      await services.commands.run({
        decider: studentChannelsDecider,
        streamId: studentChannelsStreamId(optIn.studentId),
        command: {
          type: 'OptInByStudent',
          ...optIn,
          como: STUDENT_OPT_IN_COMO[optIn.ato.tipo],
        },
        context: processManagerCommand(STUDENT_OPT_INS, event),
      });
    }
  },
});
