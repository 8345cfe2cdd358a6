import { parseConfig } from '../../../config/config';
import { closeRedis, createRedis } from '../../queue/redis';
import { ProjectionCatalogue } from '../projection-catalogue';
import { ProjectionWaker } from '../projection-waker';
import { projectionKeys } from '../redis-keys';

describe('ProjectionWaker', () => {
  const config = parseConfig(process.env);
  const redis = createRedis(config.REDIS_URL, 'projection-waker-test');
  const subscriber = createRedis(config.REDIS_URL, 'projection-waker-subscriber');
  const catalogue = new ProjectionCatalogue([
    { name: 'waker-a', tables: [], eventTypes: ['Thing'], apply: async () => [] },
    { name: 'waker-b', tables: [], eventTypes: ['Thing', 'Other'], apply: async () => [] },
  ]);
  const channel = projectionKeys(config.REDIS_PREFIX).wakeChannel;
  const heard: string[] = [];
  let waker: ProjectionWaker;
  const wakeFor = (eventTypes: string[]) => waker.wakeAndWait(catalogue.namesReading(eventTypes));

  beforeAll(async () => {
    subscriber.on('message', (_channel: string, message: string) => heard.push(message));
    await subscriber.subscribe(channel);
  });
  beforeEach(() => {
    waker = new ProjectionWaker(config, redis);
    heard.length = 0;
  });
  afterAll(async () => {
    await closeRedis(subscriber);
    await closeRedis(redis);
  });

  /** Every message published so far has arrived once a PING sent after them is answered. */
  const settled = async () => {
    await redis.ping();
    await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('sends the wake-ups of commands committed together in few rounds, naming each projection', async () => {
    await Promise.all(Array.from({ length: 50 }, () => wakeFor(['Thing'])));
    await settled();
    // The first call's round goes at once; the 49 that came meanwhile share the next one.
    expect(heard.length).toBeLessThanOrEqual(2);
    expect(new Set(heard.flatMap((message) => message.split(',')))).toEqual(
      new Set(['waker-a', 'waker-b']),
    );
  });

  it('never folds a wake-up into a round that may have reached Redis before it was asked', async () => {
    const first = wakeFor(['Thing']);
    // Let the first round start, then ask again: it must go in a round of its own, after it.
    await Promise.resolve();
    await Promise.resolve();
    const second = wakeFor(['Other']);
    await Promise.all([first, second]);
    await settled();
    expect(heard).toEqual(['waker-a,waker-b', 'waker-b']);
  });
});
