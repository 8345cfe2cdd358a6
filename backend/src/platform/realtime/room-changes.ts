import type Redis from 'ioredis';

/**
 * When each socket.io room last heard of a change, by Redis's own clock (one clock for the worker
 * that writes and every API instance that reads). A socket joining its rooms learns how long ago
 * that was: a browser then refetches only what it read before then, instead of everything it read
 * before joining (the first screen's reads, made twice on every page load).
 */

/** How long a room's last change is kept: older than this, the room has had none worth telling. */
export const ROOM_CHANGES_KEPT_MS = 10 * 60_000;

const roomChangesKeys = (prefix: string) => ({
  lastChange: (room: string) => `${prefix}:room-last-change:${room}`,
  /** When this Redis first held a room's last change: younger than ROOM_CHANGES_KEPT_MS, a missing one proves nothing. */
  since: `${prefix}:room-last-change-since`,
});

/** KEYS: since, then the rooms'; ARGV[1]: ROOM_CHANGES_KEPT_MS. */
const NOTE_CHANGE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('SET', KEYS[1], now, 'NX')
for i = 2, #KEYS do redis.call('SET', KEYS[i], now, 'PX', ARGV[1]) end
return 1`;

/**
 * KEYS: since, then the rooms'; ARGV[1]: ROOM_CHANGES_KEPT_MS. Answers how many ms ago the latest
 * of the rooms changed; -1 when none did within ROOM_CHANGES_KEPT_MS; -2 when Redis cannot tell
 * (it has held these records for less than that: it may have restarted empty).
 */
const LAST_CHANGE_AGO_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local latest = -1
for i = 2, #KEYS do
  local at = tonumber(redis.call('GET', KEYS[i]) or '-1')
  if at > latest then latest = at end
end
if latest >= 0 then return math.max(0, now - latest) end
local since = tonumber(redis.call('GET', KEYS[1]) or tostring(now))
if now - since < tonumber(ARGV[1]) then return -2 end
return -1`;

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
 * How many ms ago the latest of `rooms` changed; null when none did within ROOM_CHANGES_KEPT_MS;
 * undefined when Redis cannot tell.
 */
export async function lastRoomChangeAgo(
  redis: Redis,
  prefix: string,
  rooms: readonly string[],
): Promise<number | null | undefined> {
  const keys = roomChangesKeys(prefix);
  const ago = (await redis.eval(
    LAST_CHANGE_AGO_SCRIPT,
    rooms.length + 1,
    keys.since,
    ...rooms.map(keys.lastChange),
    ROOM_CHANGES_KEPT_MS,
  )) as number;
  return ago === -2 ? undefined : ago === -1 ? null : ago;
}
