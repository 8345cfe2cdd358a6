import { studentsApi } from '@contracts/students/api';
import { getQuery, keyOf } from '../../lib/contract-query';

/** GET /api/students: every student of the trainer, active and inactive, by name, with balances. */
export const studentsQuery = () => getQuery(studentsApi.list, {});

/** GET /api/students/:id */
export const studentQuery = (id: string) => getQuery(studentsApi.get, { params: { id } });

/** GET /api/students/:id/history: the audit trail of the student's credits and payments, oldest first. */
export const studentHistoryQuery = (id: string) =>
  getQuery(studentsApi.history, { params: { id } });

/** Every read under /students; a 'student' or 'credit' change, or a student mutation, invalidates it. */
export const studentsKey = keyOf(studentsApi.list);
