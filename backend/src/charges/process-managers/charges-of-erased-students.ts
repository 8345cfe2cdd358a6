import { chargeEvents } from '../../contracts/charges/events';
import { dataErasureEvents } from '../../contracts/shared/personal-data';
import { pickEvents } from '../../platform/event-store/event';
import { streamsNaming } from '../../platform/event-store/event-store';
import { processManager, processManagerCommand } from '../../platform/projections/process-manager';
import { ChargeCommands } from '../commands/charge.commands';

export const CHARGES_OF_ERASED_STUDENTS = 'charges-of-erased-students';
export const ERASED_STUDENT_MOTIVO = 'Titular removido';

/**
 * An erased student owes nothing more through Vira: each charge of theirs still pending (a plan,
 * a cycle, a late-cancel fee) is cancelled, so it leaves Cobranças and 'A receber'; a paid one
 * stays paid (its amount and date are kept). Found in the log, like the erasure's other work.
 */
export const chargesOfErasedStudents = processManager({
  name: CHARGES_OF_ERASED_STUDENTS,
  reactsTo: pickEvents(dataErasureEvents, ['PersonalDataErased']),
  async handle(events, services) {
    const charges = new ChargeCommands(services.commands);
    for (const event of events) {
      const { studentId } = event.data;
      const made = pickEvents(chargeEvents, ['ChargeCreated']);
      const ids = await streamsNaming(services.db, event.tenantId, made, 'studentId', studentId);
      for (const [index, chargeId] of ids.entries())
        await charges.handle(
          processManagerCommand(CHARGES_OF_ERASED_STUDENTS, event, index),
          chargeId,
          { type: 'CancelErasedStudentsCharge', motivo: ERASED_STUDENT_MOTIVO },
        );
    }
  },
});
