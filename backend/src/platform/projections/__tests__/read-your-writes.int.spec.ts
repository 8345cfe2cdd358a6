import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { hasRedisServer, PrivateRedis } from '../../../../../test/support/private-redis';
import { waitUntil } from '../../../../../test/support/processes';
import { parseConfig } from '../../../config/config';
import type { Checkpoint } from '../checkpoint';
import { createDatabase, createPool } from '../../database/database';
import { closeRedis, createRedis } from '../../queue/redis';
import { ReadYourWrites } from '../read-your-writes';
import { projectionKeys } from '../redis-keys';

/**
 * Two API instances on one Redis: a principal writes through one and reads through the other.
 * Each instance keeps the write records it hears; once it has heard every record of the last
 * minute it answers a read without asking Redis, before that it asks Redis as every read did.
 */
// A Redis of its own: the test breaks its subscriptions, which must not touch anyone else's.
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
    let redis: Redis[];
    let writer: ReadYourWrites;
    let reader: ReadYourWrites;
    const checkpoint = { transactionId: '900', position: 12_345 };
    const MINUTE_AND_A_BIT = 61_000;

    beforeAll(async () => {
      server = await PrivateRedis.start();
      redis = [createRedis(server.url, 'ryw-a'), createRedis(server.url, 'ryw-b')];
      [writer, reader] = redis.map((connection) => new ReadYourWrites(config, db, connection));
      await Promise.all([writer.onModuleInit(), reader.onModuleInit()]);
      await waitUntil(subscribed, 10_000, 'both instances to subscribe');
    });
    afterEach(() => jest.restoreAllMocks());
    afterAll(async () => {
      await Promise.all([writer?.onApplicationShutdown(), reader?.onApplicationShutdown()]);
      for (const connection of redis ?? []) await closeRedis(connection);
      await server?.down();
      await db.destroy();
    });

    /** Both instances listen to the write records (two subscribers on the channel). */
    const subscribed = async () =>
      ((await redis[0].call('PUBSUB', 'NUMSUB', keys.writesChannel)) as [string, number])[1] === 2;
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

    /** Redis forgets the principal's record: only an instance that kept it can still answer. */
    const redisForgets = (principal: string) => redis[0].del(keys.lastWrite(principal));
    const aMinuteLater = () => {
      const now = Date.now();
      jest.spyOn(Date, 'now').mockReturnValue(now + MINUTE_AND_A_BIT);
    };

    it('asks Redis while it has not yet heard every record of the last minute', async () => {
      // given a principal's write through the writer, recorded in Redis
      const principal = randomUUID();
      await writer.remember(principal, ['students'], checkpoint);
      // then the reader, subscribed for less than a minute, finds it in Redis
      expect(await reader.pendingWrites(principal, ['students', 'sessions'])).toEqual(
        new Map([['students', checkpoint]]),
      );
      // and when Redis forgets it, the reader does not know of it
      await redisForgets(principal);
      expect(await reader.pendingWrites(principal, ['students'])).toEqual(new Map());
    });

    it('answers from what it heard once it has heard every record of the last minute', async () => {
      // given both instances subscribed for over a minute
      aMinuteLater();
      const principal = randomUUID();
      // when the principal writes through the writer, and Redis then forgets the record
      await writer.remember(principal, ['students'], checkpoint);
      await redis[1].ping();
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
      await redis[1].ping();
      await readerWaitsFor(principal, ['students'], new Map([['students', later]]));
      // and another principal has nothing to wait for
      expect(await reader.pendingWrites(randomUUID(), ['students'])).toEqual(new Map());
    });

    it('asks Redis again after it stopped hearing, until a minute has passed', async () => {
      // given the reader subscribed for over a minute, whose subscription then breaks and comes back
      aMinuteLater();
      await redis[0].call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      await waitUntil(subscribed, 10_000, 'both instances to subscribe again');
      const principal = randomUUID();
      await writer.remember(principal, ['students'], checkpoint);
      // then a record Redis holds is found there; once Redis forgets it, the reader does not know
      // of it either: it asked Redis instead of trusting what it heard
      expect(await reader.pendingWrites(principal, ['students'])).toEqual(
        new Map([['students', checkpoint]]),
      );
      await redisForgets(principal);
      expect(await reader.pendingWrites(principal, ['students'])).toEqual(new Map());
    });
  },
);
