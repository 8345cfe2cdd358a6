import type { studentsApi } from '@contracts/students/api';
import { entityKey } from '../../lib/query-keys';

/** Every read under /students; a 'student' or 'credit' change, or a student mutation, invalidates it. */
export const studentsKey = entityKey<typeof studentsApi.list>('/students');
