import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import type { Selectable } from 'kysely';
import type { Students } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { STUDENT_EVENT_TYPES, type StudentEvent } from '../domain/student.events';

/** `students`: one row per student with the current profile, active flag and credit balance. */
export const studentsProjection = streamRowProjection<StudentEvent, Selectable<Students>>({
  name: 'students',
  table: 'students',
  eventTypes: STUDENT_EVENT_TYPES,
  changeType: 'student',
  studentOf: (row) => row.id,
  personalData: {
    set: { nome: PERSONAL_DATA_REMOVED, telefone: null, whatsapp: null, email: null, observacoes: null },
    erasedAt: 'removed_at',
  },
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'StudentRegistered') {
      const { visitante: _visitante, ...profile } = event.data;
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...profile,
        ativo: true,
        creditos: 0,
        createdAt: stored.occurredAt,
        removedAt: null,
        erasureRequestedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'StudentUpdated':
        return { ...row, ...event.data, ...stamp };
      case 'StudentDeactivated':
        return { ...row, ativo: false, ...stamp };
      case 'StudentReactivated':
        return { ...row, ativo: true, ...stamp };
      case 'StudentRemoved':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
      case 'ErasureRequested':
        return { ...row, erasureRequestedAt: stored.occurredAt, ...stamp };
      case 'CreditsGranted':
      case 'CreditConsumed':
      case 'CreditRefunded':
      case 'CreditBurned':
      case 'CreditsRemoved':
        return { ...row, creditos: event.data.balanceAfter, ...stamp };
    }
  },
});
