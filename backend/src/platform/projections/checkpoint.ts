/** A projection's place in the log: the (transaction id, global position) of the last event applied. */
export interface Checkpoint {
  /** xid8 as a decimal string. */
  transactionId: string;
  position: number;
}

export const LOG_START: Checkpoint = { transactionId: '0', position: 0 };

/** True when `checkpoint` is at or past `target` in commit order. */
export function hasReached(checkpoint: Checkpoint, target: Checkpoint): boolean {
  const tx = BigInt(checkpoint.transactionId);
  const targetTx = BigInt(target.transactionId);
  return tx > targetTx || (tx === targetTx && checkpoint.position >= target.position);
}
