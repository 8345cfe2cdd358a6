import { dataErasureEvents } from '../../contracts/shared/personal-data';
import { pickEvents } from '../../platform/event-store/event';
import { processManager } from '../../platform/projections/process-manager';

export const WHATSAPP_OF_ERASED_STUDENTS = 'whatsapp-of-erased-students';

/**
 * An erased student's WhatsApp claims go: the outbox's rows hold their message ids (which carry
 * the number) and the e-mail kept for a fallback. The read models drop their rows themselves
 * (their `personalData`); this table is the outbox's, not a read model, so it is deleted here.
 * Deleting again (a batch run twice) deletes nothing more.
 */
export const whatsAppOfErasedStudents = processManager({
  name: WHATSAPP_OF_ERASED_STUDENTS,
  reactsTo: pickEvents(dataErasureEvents, ['PersonalDataErased']),
  async handle(events, services) {
    for (const event of events)
      await services.db
        .deleteFrom('whatsappDeliveries')
        .where('tenantId', '=', event.tenantId)
        .where('studentId', '=', event.data.studentId)
        .execute();
  },
});
