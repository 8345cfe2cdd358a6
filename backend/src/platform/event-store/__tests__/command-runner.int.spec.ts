import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, CamelCasePlugin, sql } from 'kysely';
import { parseConfig } from '../../../config/config';
import { createPool } from '../../database/database';
import type { Database } from '../../database/database';
import { ConflictError, DomainError, NotFoundError } from '../../errors/domain-error';
import { CommandRunner, type CommandContext } from '../command-runner';
import type { Decider } from '../decider';

type AccountCommand =
  { type: 'Open' } | { type: 'Deposit'; amount: number } | { type: 'Withdraw'; amount: number };
type AccountEvent =
  | { type: 'Opened'; data: Record<string, never> }
  | { type: 'Deposited'; data: { amount: number; balanceAfter: number } }
  | { type: 'Withdrawn'; data: { amount: number; balanceAfter: number } };
interface AccountState {
  open: boolean;
  balance: number;
}

/** A balance that never goes below zero: a refusal depends on the state being current. */
const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  streamType: 'account',
  initialState: () => ({ open: false, balance: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Opened':
        return { open: true, balance: 0 };
      case 'Deposited':
      case 'Withdrawn':
        return { ...state, balance: event.data.balanceAfter };
    }
  },
  decide: (command, state) => {
    if (command.type === 'Open')
      return state.open
        ? new ConflictError('exists', 'Conta já aberta')
        : [{ type: 'Opened', data: {} }];
    if (!state.open) return new NotFoundError('Conta');
    if (command.type === 'Deposit') {
      const balanceAfter = state.balance + command.amount;
      return [{ type: 'Deposited', data: { amount: command.amount, balanceAfter } }];
    }
    if (state.balance < command.amount)
      return new ConflictError('insufficient', 'Saldo insuficiente');
    const balanceAfter = state.balance - command.amount;
    return [{ type: 'Withdrawn', data: { amount: command.amount, balanceAfter } }];
  },
};

describe('CommandRunner state cache', () => {
  const config = parseConfig(process.env);
  const statements: string[] = [];
  // Two pools and two runners stand in for two API instances; the first one's statements are logged.
  const dbA = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: createPool({
        connectionString: config.DATABASE_URL,
        poolMax: 4,
        applicationName: 'test-a',
      }),
    }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  const dbB = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: createPool({
        connectionString: config.DATABASE_URL,
        poolMax: 4,
        applicationName: 'test-b',
      }),
    }),
    plugins: [new CamelCasePlugin()],
  });
  const tenantId = randomUUID();
  let a: CommandRunner;
  let b: CommandRunner;

  beforeEach(() => {
    a = new CommandRunner(dbA);
    b = new CommandRunner(dbB);
  });
  afterAll(async () => {
    await dbA.destroy();
    await dbB.destroy();
  });

  const keyed = (key: string): Partial<CommandContext> => ({
    idempotency: { key, fingerprint: key },
  });
  const context = (extra: Partial<CommandContext> = {}): CommandContext => ({
    tenantId,
    actorId: randomUUID(),
    actorRole: 'personal',
    correlationId: randomUUID(),
    ...extra,
  });
  const run = (
    runner: CommandRunner,
    streamId: string,
    command: AccountCommand,
    extra?: Partial<CommandContext>,
  ) => runner.run({ decider: accountDecider, streamId, command, context: context(extra) });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
    );
  async function storedBalances(streamId: string): Promise<number[]> {
    const { rows } = await sql<{ data: { balanceAfter?: number } }>`
      select data from events where stream_id = ${streamId}::uuid order by stream_version`.execute(
      dbB,
    );
    return rows.flatMap((row) =>
      row.data.balanceAfter === undefined ? [] : [row.data.balanceAfter],
    );
  }

  it('decides on the stream as another instance left it, not as this runner last saw it', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(a, id, { type: 'Deposit', amount: 5 });
    await run(b, id, { type: 'Withdraw', amount: 5 });

    expect(await refusal(run(a, id, { type: 'Withdraw', amount: 1 }))).toBe('insufficient');
    await run(a, id, { type: 'Deposit', amount: 2 });
    expect(await storedBalances(id)).toEqual([5, 0, 2]);
  });

  it('confirms a refusal on a fresh read before answering it', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(b, id, { type: 'Deposit', amount: 3 });

    expect(await refusal(run(a, id, { type: 'Withdraw', amount: 2 }))).toBe('accepted');
    expect(await storedBalances(id)).toEqual([3, 1]);
  });

  it('does not take a stream it never saw for a new one', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(a, id, { type: 'Deposit', amount: 4 });

    expect(await refusal(run(b, id, { type: 'Open' }))).toBe('exists');
    await run(b, id, { type: 'Withdraw', amount: 4 });
    expect(await storedBalances(id)).toEqual([4, 0]);
  });

  it('keeps the cache honest on the idempotent path too', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' }, keyed(`open-${id}`));
    await run(a, id, { type: 'Deposit', amount: 5 }, keyed(`deposit-${id}`));
    await run(b, id, { type: 'Withdraw', amount: 5 });

    const withdraw = { type: 'Withdraw', amount: 1 } as const;
    expect(await refusal(run(a, id, withdraw, keyed(`w-${id}`)))).toBe('insufficient');
    await run(a, id, { type: 'Deposit', amount: 7 }, keyed(`d-${id}`));
    expect(await storedBalances(id)).toEqual([5, 0, 7]);
  });

  it('keeps the invariant under concurrent writers on two instances', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(a, id, { type: 'Deposit', amount: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        refusal(run(index % 2 === 0 ? a : b, id, { type: 'Withdraw', amount: 1 })),
      ),
    );
    const accepted = outcomes.filter((outcome) => outcome === 'accepted').length;
    expect(
      outcomes.every((o) => ['accepted', 'insufficient', 'concurrent_modification'].includes(o)),
    ).toBe(true);
    const balances = await storedBalances(id);
    expect(balances).toHaveLength(1 + accepted);
    expect(balances.at(-1)).toBe(10 - accepted);
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
  });

  it('appends to a stream it wrote last in one statement, without reading it again', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(a, id, { type: 'Deposit', amount: 1 });
    statements.length = 0;
    await run(a, id, { type: 'Deposit', amount: 1 });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^\s*insert into events/);
    expect(await storedBalances(id)).toEqual([1, 2]);
  });

  it('appends the commands queued behind a busy stream together, each with its own answer', async () => {
    const id = randomUUID();
    await run(a, id, { type: 'Open' });
    await run(a, id, { type: 'Deposit', amount: 2 });
    const commands: AccountCommand[] = Array.from({ length: 20 }, (_, index) =>
      index % 4 === 3 ? { type: 'Withdraw', amount: 3 } : { type: 'Deposit', amount: 1 },
    );
    const contexts = commands.map(() => context());
    statements.length = 0;
    const outcomes = await Promise.all(
      commands.map((command, index) =>
        a.run({ decider: accountDecider, streamId: id, command, context: contexts[index] }).then(
          (result) => result.position,
          (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
        ),
      ),
    );
    // Fewer appends than commands: those that waited for the first went in together.
    const appends = statements.filter((statement) => /insert into events/.test(statement));
    expect(appends.length).toBeLessThan(commands.length);

    const { rows } = await sql<{
      globalPosition: number;
      data: { balanceAfter: number };
      metadata: { correlationId: string };
    }>`select global_position, data, metadata from events
       where stream_id = ${id}::uuid and stream_version > 2 order by stream_version`.execute(dbB);
    const accepted = outcomes.filter((outcome) => typeof outcome === 'number');
    expect(rows).toHaveLength(accepted.length);
    expect(outcomes.filter((outcome) => typeof outcome !== 'number')).toEqual(
      outcomes.filter((outcome) => outcome === 'insufficient'),
    );
    // Each command's answer is its own event's position, and the event carries its metadata.
    for (const [index, outcome] of outcomes.entries()) {
      if (typeof outcome !== 'number') continue;
      const row = rows.find((each) => each.globalPosition === outcome);
      expect(row?.metadata.correlationId).toBe(contexts[index].correlationId);
    }
    const balances = await storedBalances(id);
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
    expect(balances.at(-1)).toBe(2 + 15 - 3 * (accepted.length - 15));
  });
});
