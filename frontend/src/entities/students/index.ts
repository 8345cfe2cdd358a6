import type { studentsApi } from '@contracts/students/api';
import { deferredQuery } from '../../lib/contract-query';
export { studentsKey } from './keys';

type StudentsList = typeof studentsApi.list;
type StudentRead = typeof studentsApi.get;
type StudentHistoryRead = typeof studentsApi.history;

/** GET /api/students: every student of the trainer, active and inactive, by name, with balances. */
export const studentsQuery = () => deferredQuery<StudentsList>('/students', {});

/** GET /api/students/:id */
export const studentQuery = (id: string) => deferredQuery<StudentRead>('/students/{id}', { params: { id } });

/** GET /api/students/:id/history: the audit trail of the student's credits and payments, oldest first. */
export const studentHistoryQuery = (id: string) =>
  deferredQuery<StudentHistoryRead>('/students/{id}/history', { params: { id } });
