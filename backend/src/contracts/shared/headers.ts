/** The API's own HTTP headers, in a module with no dependency (the SPA's first script reads them). */

/** On a read: wait until the read models reach this log position (read-your-writes from elsewhere). */
export const MIN_POSITION_HEADER = 'x-min-position';
/** On a read answered before the caller's own writes reached its read models (the wait ran out). */
export const STALE_HEADER = 'x-stale';
