import { ConflictError, DomainError, ValidationError } from '../../errors/domain-error';
import {
  answerFor,
  answerToRemember,
  IdempotencyKeyReusedError,
  type RememberedAnswer,
  replayAnswer,
} from '../idempotency';

const request = { key: 'k-1', fingerprint: 'POST /api/students {"nome":"Carla"}' };
const accepted: RememberedAnswer = { statusCode: null, body: { id: 'stream-1', position: 42 } };

describe('an Idempotency-Key remembers the first answer', () => {
  it('a result is remembered and given again as it was', () => {
    const answer = answerToRemember({ id: 'stream-1', position: 42 });
    expect(answer).toEqual(accepted);
    expect(replayAnswer(answer as RememberedAnswer)).toEqual({ id: 'stream-1', position: 42 });
  });

  it('a refusal is remembered and thrown again with its status, code and message', () => {
    const answer = answerToRemember(new ConflictError('insufficient', 'Saldo insuficiente'));
    expect(answer).toEqual({
      statusCode: 409,
      body: { code: 'insufficient', message: 'Saldo insuficiente' },
    });
    let thrown: unknown;
    try {
      replayAnswer(answer as RememberedAnswer);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ statusCode: 409, code: 'insufficient' });
  });

  it('a malformed request decided nothing: it is not remembered, the key may be sent again', () => {
    expect(answerToRemember(new ValidationError('Informe o nome.', 'nome'))).toBeUndefined();
  });

  it('the same key on the same request gets the remembered answer; none remembered, none', () => {
    expect(answerFor({ fingerprint: request.fingerprint, answer: accepted }, request)).toBe(
      accepted,
    );
    expect(answerFor(undefined, request)).toBeUndefined();
  });

  it('the same key on another request is refused (422 idempotency_key_reused)', () => {
    const other = { ...request, fingerprint: 'POST /api/students {"nome":"Bia"}' };
    expect(() => answerFor({ fingerprint: request.fingerprint, answer: accepted }, other)).toThrow(
      IdempotencyKeyReusedError,
    );
    expect(new IdempotencyKeyReusedError()).toMatchObject({
      statusCode: 422,
      code: 'idempotency_key_reused',
    });
  });
});
