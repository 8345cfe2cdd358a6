import { type Kysely, sql } from 'kysely';
import type { Database } from '../../backend/src/platform/database/database';

/** A command the bench sent: when the API acknowledged it and the position of its event. */
export interface SentCommand {
  ackAt: number;
  position: number;
}

/**
 * Each sent command with the checkpoint target its event makes (its position and transaction
 * id), read from the event log: a projection has applied the command once it has reached it.
 */
export async function withTargets(db: Kysely<Database>, sent: readonly SentCommand[]) {
  const transactions = await sql<{ globalPosition: number; transactionId: string }>`
    select global_position, transaction_id::text from events where global_position = any(${sent.map((s) => s.position)}::bigint[])`.execute(
    db,
  );
  const txOf = new Map(transactions.rows.map((row) => [row.globalPosition, row.transactionId]));
  return sent.map((command) => ({
    command,
    target: { transactionId: txOf.get(command.position) as string, position: command.position },
  }));
}
