import { Injectable } from '@nestjs/common';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { NotFoundError } from '../../platform/errors/domain-error';
import { streamExists } from '../../platform/event-store/event-store';
import { entityReferences } from '../../platform/references/entity-references';
import { studentDecider, type StudentState } from '../domain/student.decider';
import type { StudentEvent } from '../domain/student.events';

export const STUDENT_HAS_LINKS =
  'Não é possível remover o aluno: possui vínculos (agendamentos/recebimentos). Use Inativar se disponível.';

/**
 * A student exists for sessions and payments to refer to, and refers to its plan: removing a
 * student with links fails, and so does giving a student a plan that is gone or consuming a credit
 * for a session that is not the tenant's.
 */
const studentEntity: InlineProjection<StudentEvent, StudentState> = {
  eventTypes: ['StudentRegistered', 'StudentUpdated', 'StudentRemoved', 'CreditConsumed'],
  async apply(trx, { tenantId, streamId, before, events }) {
    const student = { kind: 'student', id: streamId };
    const referToPlan = async (from: string | null, to: string | null | undefined) => {
      if (to === undefined || to === from) return;
      if (from) await entityReferences.forget(trx, tenantId, student, { kind: 'plan', id: from });
      if (to)
        await entityReferences.refer(trx, tenantId, student, { kind: 'plan', id: to }, 'Plano');
    };
    for (const event of events) {
      switch (event.type) {
        case 'StudentRegistered':
          await entityReferences.register(trx, tenantId, student);
          await referToPlan(null, event.data.planoId);
          break;
        case 'StudentUpdated':
          await referToPlan(before.planoId, event.data.planoId);
          break;
        case 'StudentRemoved':
          await entityReferences.remove(trx, tenantId, student, STUDENT_HAS_LINKS);
          break;
        case 'CreditConsumed':
          // A credit consumed for a session names one of this tenant's sessions.
          if (event.data.sessionId && !(await streamExists(trx, tenantId, event.data.sessionId)))
            throw new NotFoundError('Sessão', 'feminine');
          break;
      }
    }
  },
};

/** Every student command, decided on the student's stream. */
@Injectable()
export class StudentCommands extends commandHandlerFor(studentDecider, studentEntity) {}
