/** Every Redis key and channel the projection machinery uses, under the configured prefix. */
export const projectionKeys = (prefix: string) => ({
  bullPrefix: `${prefix}:bull`,
  /** Pub/sub channel: comma-separated names of projections that have new events to read. */
  wakeChannel: `${prefix}:projection-wake`,
  /** Pub/sub channel: `{ projection, transactionId, position }` after each committed batch. */
  checkpointChannel: `${prefix}:projection-checkpoints`,
  /** Hash per principal: projection -> "tx:position" its next reads wait for (read-your-writes). */
  lastWrite: (principal: string) => `${prefix}:last-write:${principal}`,
  /** Pub/sub channel: each write record as it is kept, `[[principal, tx, position, [projections]]]`. */
  writesChannel: `${prefix}:last-writes`,
  /** socket.io redis adapter and emitter key: both sides must agree on it. */
  socketIoKey: `${prefix}:socket.io`,
});
