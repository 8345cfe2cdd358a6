import { studentsApi } from '@contracts/students/api';
import { operationQuery } from '../../lib/contract-query';
export { studentsKey } from './keys';

/** GET /api/students: every student of the trainer, active and inactive, by name, with balances. */
export const studentsQuery = () => operationQuery(studentsApi.list, {});

/** GET /api/students/:id */
export const studentQuery = (id: string) => operationQuery(studentsApi.get, { params: { id } });

/** GET /api/students/:id/history: the audit trail of the student's credits and payments, oldest first. */
export const studentHistoryQuery = (id: string) =>
  operationQuery(studentsApi.history, { params: { id } });
