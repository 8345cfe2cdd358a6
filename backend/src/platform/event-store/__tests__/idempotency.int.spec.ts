import { randomUUID } from 'node:crypto';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { parseConfig } from '../../../config/config';
import { createPool, type Database } from '../../database/database';
import {
  IdempotencyKeyReusedError,
  type RememberedAnswer,
  rememberAnswer,
  rememberedAnswer,
} from '../idempotency';

describe('idempotency keys in PostgreSQL', () => {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: createPool({
        connectionString: parseConfig(process.env).DATABASE_URL,
        poolMax: 4,
        applicationName: 'test-idempotency',
      }),
    }),
    plugins: [new CamelCasePlugin()],
  });
  afterAll(() => db.destroy());

  const first: RememberedAnswer = { statusCode: null, body: { id: randomUUID(), position: 7 } };
  const refusal: RememberedAnswer = {
    statusCode: 409,
    body: { code: 'insufficient', message: 'Saldo insuficiente' },
  };

  it('remembers the first answer for a key; a second one for the same key writes nothing', async () => {
    const tenantId = randomUUID();
    const request = { key: 'pay-1', fingerprint: 'f-1' };
    expect(await rememberedAnswer(db, tenantId, request)).toBeUndefined();
    expect(await rememberAnswer(db, tenantId, request, first)).toBe(true);
    expect(await rememberAnswer(db, tenantId, request, refusal)).toBe(false);
    expect(await rememberedAnswer(db, tenantId, request)).toEqual(first);
  });

  it('a refusal is remembered with its status', async () => {
    const tenantId = randomUUID();
    const request = { key: 'withdraw-1', fingerprint: 'f-2' };
    await rememberAnswer(db, tenantId, request, refusal);
    expect(await rememberedAnswer(db, tenantId, request)).toEqual(refusal);
  });

  it('the same key on another request is refused; another tenant may use the same key', async () => {
    const tenantId = randomUUID();
    await rememberAnswer(db, tenantId, { key: 'shared', fingerprint: 'f-a' }, first);
    await expect(
      rememberedAnswer(db, tenantId, { key: 'shared', fingerprint: 'f-b' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(
      await rememberedAnswer(db, randomUUID(), { key: 'shared', fingerprint: 'f-b' }),
    ).toBeUndefined();
  });

  it('two transactions remembering the same key at once: one wins, the other learns it lost', async () => {
    const tenantId = randomUUID();
    const request = { key: 'race', fingerprint: 'f-race' };
    const outcomes = await Promise.all(
      [first, refusal].map((answer) =>
        db.transaction().execute((trx) => rememberAnswer(trx, tenantId, request, answer)),
      ),
    );
    expect(outcomes.sort()).toEqual([false, true]);
  });
});
