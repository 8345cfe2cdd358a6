import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { DomainError, ValidationError } from '../errors/domain-error';

/** An `Idempotency-Key` and the fingerprint of the request that carried it. */
export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

/** What a command answers: the stream's id and the global position of its last event. */
interface Answer {
  id: string;
  position: number;
}

/** An answer remembered with an idempotency key: a result, or the domain error it was refused with. */
export type RememberedAnswer =
  | { statusCode: null; body: Answer }
  | { statusCode: number; body: { code: string; message: string } };

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(
      'idempotency_key_reused',
      "Esta 'Idempotency-Key' já foi usada em outra requisição. Gere uma chave nova para cada operação.",
      422,
    );
  }
}

/**
 * What a key remembers of a command's outcome: its result, or the refusal it decided. A malformed
 * request (ValidationError) decided nothing and is not remembered: the same key may be sent
 * again, corrected.
 */
export function answerToRemember(outcome: Answer | DomainError): RememberedAnswer | undefined {
  if (outcome instanceof ValidationError) return undefined;
  if (outcome instanceof DomainError)
    return {
      statusCode: outcome.statusCode,
      body: { code: outcome.code, message: outcome.message },
    };
  return { statusCode: null, body: { id: outcome.id, position: outcome.position } };
}

/** The first answer for a key, given again: its result, or its refusal thrown again. */
export function replayAnswer(answer: RememberedAnswer): Answer {
  if (answer.statusCode !== null)
    throw new DomainError(answer.body.code, answer.body.message, answer.statusCode);
  return { id: answer.body.id, position: answer.body.position };
}

/** A remembered answer is for the request that carries the same key and fingerprint only. */
export function answerFor(
  remembered: { fingerprint: string | null; answer: RememberedAnswer } | undefined,
  request: IdempotencyKey,
): RememberedAnswer | undefined {
  if (!remembered) return undefined;
  if (remembered.fingerprint !== request.fingerprint) throw new IdempotencyKeyReusedError();
  return remembered.answer;
}

/** The answer remembered for this key of the tenant, if any (another request's: 422). */
export async function rememberedAnswer(
  db: Kysely<Database>,
  tenantId: string,
  request: IdempotencyKey,
): Promise<RememberedAnswer | undefined> {
  const row = await db
    .selectFrom('commandIdempotency')
    .select(['statusCode', 'body', 'requestFingerprint'])
    .where('tenantId', '=', tenantId)
    .where('key', '=', request.key)
    .executeTakeFirst();
  return answerFor(
    row && {
      fingerprint: row.requestFingerprint,
      answer: { statusCode: row.statusCode, body: row.body } as RememberedAnswer,
    },
    request,
  );
}

/**
 * Remembers the answer in the command's transaction. False when a concurrent command with the
 * same key committed first: this insert waited for it and wrote nothing, and the caller rolls back
 * and replays that one's answer.
 */
export async function rememberAnswer(
  trx: Kysely<Database>,
  tenantId: string,
  request: IdempotencyKey,
  answer: RememberedAnswer,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('commandIdempotency')
    .values({
      tenantId,
      key: request.key,
      requestFingerprint: request.fingerprint,
      statusCode: answer.statusCode,
      body: JSON.stringify(answer.body),
    })
    .onConflict((conflict) => conflict.columns(['tenantId', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
