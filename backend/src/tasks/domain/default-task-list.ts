import { v5 as uuidv5 } from 'uuid';

/** Namespace of the default lists' ids (fixed forever: changing it would orphan every default list). */
const DEFAULT_TASK_LIST_NAMESPACE = 'b5a0f6d2-3c41-4e8a-9d57-2f0c6a1e8b34';

/**
 * The id of a trainer's default list, the same on every server and every call: the list can be
 * shown, chosen and referred to before anything is written for it.
 */
export const defaultTaskListId = (tenantId: string): string =>
  uuidv5(tenantId, DEFAULT_TASK_LIST_NAMESPACE);
