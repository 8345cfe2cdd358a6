/**
 * The socket.io `changes` message (API.md "Realtime"): after a projection commits, the worker tells
 * the tenant's browsers what changed; the SPA refetches the queries that show those types.
 * A context adds its change types here, and the SPA's map from types to query keys must cover them.
 */
export const CHANGE_TYPES = [
  'student',
  'credit',
  'onboarding',
  'plan',
  'location',
  'task',
  'task-list',
  'session',
  /** The trainer's booked times moved (id: the tenant): every student's open slots. */
  'schedule',
  'availability',
  'vacation',
  /** Scheduling's copy of a student's or a location's name and state changed (id: that student or location). */
  'directory',
  'reminder',
  'transaction',
  'finance-summary',
  'finance-goals',
  'contract',
  'charge',
  /** A subscription's status, next due day or a cycle its PSP refused. */
  'subscription',
  /** A student's personal data was erased (id: that student): every copy of them on the device goes. */
  'erasure',
  /** A first step of the dashboard was done (id: the tenant). */
  'first-steps',
  /** The trainer's WhatsApp account or a template's review at Meta changed (id: the tenant). */
  'whatsapp',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export interface Change {
  type: ChangeType;
  id: string;
}

export interface ChangesMessage {
  projection: string;
  position: number;
  changes: Change[];
}

export const CHANGES_EVENT = 'changes';

/**
 * Sent to a socket once it has joined its rooms: how many ms ago they last changed (at most ten
 * minutes: a change older than that is told as that old), or null when the server cannot tell.
 * What the browser read after that needs no refetch; what it read before may have missed the change.
 */
export interface JoinedMessage {
  changedMsAgo: number | null;
}

export const JOINED_EVENT = 'joined';
