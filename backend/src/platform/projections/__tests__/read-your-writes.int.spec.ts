import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { hasRedisServer, PrivateRedis } from '../../../../../test/support/private-redis';
import { waitUntil } from '../../../../../test/support/processes';
import { parseConfig } from '../../../config/config';
import { createDatabase, createPool } from '../../database/database';
import { closeRedis, createRedis } from '../../queue/redis';
import type { Checkpoint } from '../checkpoint';
import { ReadYourWrites } from '../read-your-writes';
import { projectionKeys } from '../redis-keys';

/**
 * API instances on one Redis: a principal writes through one and reads through another. Each
 * instance keeps the write records it hears, and those Redis kept from before it subscribed; a
 * read then asks nothing of Redis. A Redis of its own: the test breaks its subscriptions, which
 * must not touch anyone else's.
 */
(hasRedisServer() ? describe : describe.skip)(
  'reading one’s own writes through another instance',
  () => {
    const config = parseConfig(process.env);
    const keys = projectionKeys(config.REDIS_PREFIX);
    const db = createDatabase(
      createPool({
        connectionString: config.DATABASE_URL,
        poolMax: 2,
        applicationName: 'ryw-test',
      }),
    );
    let server: PrivateRedis;
    const connections: Redis[] = [];
    const instances: ReadYourWrites[] = [];
    let writer: ReadYourWrites;
    let reader: ReadYourWrites;
    const checkpoint = { transactionId: '900', position: 12_345 };

    /** A new API instance, once it holds every record Redis holds. */
    const instance = async () => {
      const connection = createRedis(server.url, `ryw-${connections.length}`);
      connections.push(connection);
      const created = new ReadYourWrites(config, db, connection);
      instances.push(created);
      await created.onModuleInit();
      await waitUntil(
        () => created.hearsEveryRecord(),
        10_000,
        'the instance to hear every record',
      );
      return created;
    };

    beforeAll(async () => {
      server = await PrivateRedis.start();
      writer = await instance();
      reader = await instance();
    });
    afterAll(async () => {
      for (const created of instances) await created.onApplicationShutdown();
      for (const connection of connections) await closeRedis(connection);
      await server?.down();
      await db.destroy();
    });

    /** Redis forgets the principal's record: only an instance that kept it can still answer. */
    const redisForgets = (principal: string) => connections[0].del(keys.lastWrite(principal));
    /** Waits until `reader` makes the principal's read of `projections` wait for `expected`. */
    const readerWaitsFor = (
      principal: string,
      projections: string[],
      expected: Map<string, Checkpoint>,
    ) =>
      waitUntil(
        async () =>
          JSON.stringify([...(await reader.pendingWrites(principal, projections))]) ===
          JSON.stringify([...expected]),
        5_000,
        'the reader to hear the record',
      );

    it('answers from the records it heard, without asking Redis', async () => {
      // given a principal's write through the writer, after which Redis forgets the record
      const principal = randomUUID();
      await writer.remember(principal, ['students'], checkpoint);
      await redisForgets(principal);
      // then the reader still makes the principal's read wait for it: it heard the record
      await readerWaitsFor(
        principal,
        ['students', 'sessions'],
        new Map([['students', checkpoint]]),
      );
      // and a later write of the same principal moves the target on, an earlier one does not
      const later = { transactionId: '901', position: 12_400 };
      await writer.remember(principal, ['students'], later);
      await writer.remember(principal, ['students'], checkpoint);
      await readerWaitsFor(principal, ['students'], new Map([['students', later]]));
      // and another principal has nothing to wait for
      expect(await reader.pendingWrites(randomUUID(), ['students'])).toEqual(new Map());
    });

    it('knows the records Redis kept from before it started', async () => {
      // given a write recorded before an instance starts
      const principal = randomUUID();
      await writer.remember(principal, ['sessions'], checkpoint);
      // when it starts, and Redis then forgets the record
      const late = await instance();
      await redisForgets(principal);
      // then its reads still wait for it
      expect(await late.pendingWrites(principal, ['sessions'])).toEqual(
        new Map([['sessions', checkpoint]]),
      );
    });

    it('asks Redis while it does not hear, and finds there the write it has not sent yet', async () => {
      // given an instance not subscribed (yet): its reads ask Redis
      const connection = createRedis(server.url, `ryw-${connections.length}`);
      connections.push(connection);
      // (not among `instances`: those are the subscribed ones)
      const deaf = new ReadYourWrites(config, db, connection);
      await waitUntil(() => connection.status === 'ready', 10_000, 'Redis to answer');
      expect(deaf.hearsEveryRecord()).toBe(false);
      // when a principal's write is recorded, its reply not waited for, and the principal reads at once
      const principal = randomUUID();
      const recorded = deaf.remember(principal, ['students'], checkpoint);
      const pending = await deaf.pendingWrites(principal, ['students']);
      await recorded;
      // then the read waits for that write: the record reached Redis before the read's question
      expect(pending).toEqual(new Map([['students', checkpoint]]));
    });

    it('reads the records again when its subscription comes back: none missed in the break', async () => {
      // given a record Redis kept that no instance heard (its message lost in a break)
      const principal = randomUUID();
      await connections[0].hset(keys.lastWrite(principal), 'students', '902:12500');
      await connections[0].pexpire(keys.lastWrite(principal), 60_000);
      expect(reader.hearsEveryRecord()).toBe(true);
      // when the subscriptions break and come back
      await connections[0].call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      // (each instance subscribed again once the channel counts them all: it broke before that)
      await waitUntil(
        async () =>
          (
            (await connections[0].call('PUBSUB', 'NUMSUB', keys.writesChannel)) as [string, number]
          )[1] === instances.length,
        10_000,
        'every instance to subscribe again',
      );
      await waitUntil(() => reader.hearsEveryRecord(), 10_000, 'the reader to hear again');
      // then the reader knows the record even once Redis forgets it
      await redisForgets(principal);
      expect(await reader.pendingWrites(principal, ['students'])).toEqual(
        new Map([['students', { transactionId: '902', position: 12_500 }]]),
      );
    });
  },
);
