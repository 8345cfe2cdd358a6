/** Every Redis key and channel the projection machinery uses, under the configured prefix. */
export const projectionKeys = (prefix: string) => ({
  bullPrefix: `${prefix}:bull`,
  /** Set while a wake-up job for the projection is queued and its runner has not started reading. */
  wakePending: (projection: string) => `${prefix}:projection-wake:${projection}`,
  /** Pub/sub channel: `{ projection, transactionId, position }` after each committed batch. */
  checkpointChannel: `${prefix}:projection-checkpoints`,
  /** Hash per principal: projection -> "tx:position" its next reads wait for (read-your-writes). */
  lastWrite: (principal: string) => `${prefix}:last-write:${principal}`,
  /** socket.io redis adapter and emitter key: both sides must agree on it. */
  socketIoKey: `${prefix}:socket.io`,
});
