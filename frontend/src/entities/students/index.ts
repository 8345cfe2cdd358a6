import type { studentsApi } from '@contracts/students/api';
import { getQuery } from '../../lib/contract-query';
export { studentsKey } from './keys';

/** GET /api/students: every student of the trainer, active and inactive, by name, with balances. */
export const studentsQuery = () => getQuery<typeof studentsApi.list>('/students', {});

/** GET /api/students/:id */
export const studentQuery = (id: string) => getQuery<typeof studentsApi.get>('/students/{id}', { params: { id } });

/** GET /api/students/:id/history: the audit trail of the student's credits and payments, oldest first. */
export const studentHistoryQuery = (id: string) =>
  getQuery<typeof studentsApi.history>('/students/{id}/history', { params: { id } });
