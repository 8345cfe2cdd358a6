import type Redis from 'ioredis';

/**
 * When each socket.io room last heard of a change, by Redis's own clock (one clock for the worker
 * that writes and every API instance that reads). A socket joining its rooms learns how long ago
 * that was: a browser then refetches only what it read before then, instead of everything it read
 * before joining (the first screen's reads, made twice on every page load).
 */

/**
 * How long a room's last change is kept. A page joins seconds after it read its first screen, so
 * older changes only need to be known as "at least this long ago".
 */
export const ROOM_CHANGES_KEPT_MS = 10 * 60_000;

const roomChangesKeys = (prefix: string) => ({
  lastChange: (room: string) => `${prefix}:room-last-change:${room}`,
  /**
   * From when every change is noted: set by the first note after Redis started empty or the
   * worker forgot (a change it could not note). A change before it may have gone unnoted, so it
   * counts as a change of every room.
   */
  since: `${prefix}:room-changes-since`,
});

/** Lua: `now`, Redis's own clock in ms. */
const REDIS_NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** KEYS: since, then the rooms'; ARGV[1]: ROOM_CHANGES_KEPT_MS. */
const NOTE_CHANGE_SCRIPT = `${REDIS_NOW}redis.call('SET', KEYS[1], now, 'NX')
for i = 2, #KEYS do redis.call('SET', KEYS[i], now, 'PX', ARGV[1]) end
return 1`;

/**
 * KEYS: since, then the rooms'; ARGV[1]: ROOM_CHANGES_KEPT_MS. Answers how many ms ago the latest
 * of the rooms changed, counting `since` as a change and at most ROOM_CHANGES_KEPT_MS; -1 when
 * there is no `since`: Redis cannot tell.
 */
const LAST_CHANGE_AGO_SCRIPT = `${REDIS_NOW}local latest = tonumber(redis.call('GET', KEYS[1]) or '-1')
if latest < 0 then return -1 end
for i = 2, #KEYS do
  local at = tonumber(redis.call('GET', KEYS[i]) or '-1')
  if at > latest then latest = at end
end
return math.max(0, math.min(now - latest, tonumber(ARGV[1])))`;

/** The worker, after telling `rooms` of a committed batch: they changed now. */
export async function noteRoomChanges(
  redis: Redis,
  prefix: string,
  rooms: readonly string[],
): Promise<void> {
  if (rooms.length === 0) return;
  const keys = roomChangesKeys(prefix);
  // EVAL, not a defined command (EVALSHA): the worker's announcing connection pipelines by itself,
  // and ioredis fails a script loaded on first use inside such a pipeline.
  await redis.eval(
    NOTE_CHANGE_SCRIPT,
    rooms.length + 1,
    keys.since,
    ...rooms.map(keys.lastChange),
    ROOM_CHANGES_KEPT_MS,
  );
}

/**
 * The worker, when a change may have gone unnoted (Redis was away, or a note failed): until the
 * next note, joining sockets are told Redis cannot tell (their pages refetch everything they read,
 * as after a disconnection), and from it on, that everything changed then.
 */
export async function forgetRoomChanges(redis: Redis, prefix: string): Promise<void> {
  await redis.del(roomChangesKeys(prefix).since);
}

/** How many ms ago the latest of `rooms` changed (at most ROOM_CHANGES_KEPT_MS); null when Redis cannot tell. */
export async function lastRoomChangeAgo(
  redis: Redis,
  prefix: string,
  rooms: readonly string[],
): Promise<number | null> {
  const keys = roomChangesKeys(prefix);
  const ago = (await redis.eval(
    LAST_CHANGE_AGO_SCRIPT,
    rooms.length + 1,
    keys.since,
    ...rooms.map(keys.lastChange),
    ROOM_CHANGES_KEPT_MS,
  )) as number;
  return ago < 0 ? null : ago;
}
