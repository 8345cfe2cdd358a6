import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let drawn = POOL_BYTES;

/**
 * `size` cryptographically strong random bytes (at most POOL_BYTES), drawn from a pool that
 * OpenSSL refills 4 KiB at a time, as Node's own randomUUID does. `randomBytes` asks OpenSSL on
 * every call, and OpenSSL asks the kernel for the process id each time (fork safety): a new
 * student's sealing draws three times (its key and two IVs), 8 of its 29 µs. Bytes handed out are
 * wiped from the pool.
 */
export function strongRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (drawn + size > POOL_BYTES) {
    randomFillSync(pool);
    drawn = 0;
  }
  const bytes = Buffer.from(pool.subarray(drawn, drawn + size));
  pool.fill(0, drawn, drawn + size);
  drawn += size;
  return bytes;
}
