import { v5 as uuidv5 } from 'uuid';
import { confirmsErasure, ERASE_CONFIRMATION_MESSAGE } from '../../contracts/students/api';
import {
  type DataErasureEvent,
  DATA_ERASURE_STREAM_TYPE,
} from '../../contracts/shared/personal-data';
import {
  type DomainError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';

const ERASURE_NAMESPACE = '8d7f3c52-5a0e-4b8e-9d0c-3f1b6a2e7c41';

/** A student's erasure has a stream of its own: one per student, so it happens once. */
export const studentErasureStreamId = (studentId: string): string =>
  uuidv5(studentId, ERASURE_NAMESPACE);

export interface EraseStudent {
  type: 'EraseStudent';
  studentId: string;
  /** The student's name as their events give it; null when there is no such student. */
  nome: string | null;
  /** What the trainer typed. */
  confirm: string;
  /** Whose keys go: the student's and those of their sessions' notes. */
  subjectIds: string[];
}

type PersonalDataErased = Extract<DataErasureEvent, { type: 'PersonalDataErased' }>;

export const studentErasureDecider: Decider<EraseStudent, PersonalDataErased, { erased: boolean }> =
  {
    streamType: DATA_ERASURE_STREAM_TYPE,
    initialState: () => ({ erased: false }),
    evolve: () => ({ erased: true }),
    decide(command, state): PersonalDataErased[] | DomainError {
      if (state.erased || command.nome === null) return new NotFoundError('Aluno');
      if (!confirmsErasure(command.confirm, command.nome))
        return new ValidationError(ERASE_CONFIRMATION_MESSAGE, 'confirm');
      return [
        {
          type: 'PersonalDataErased',
          data: { studentId: command.studentId, subjectIds: command.subjectIds },
        },
      ];
    },
  };
