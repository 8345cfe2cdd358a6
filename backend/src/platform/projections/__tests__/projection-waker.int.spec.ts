import { parseConfig } from '../../../config/config';
import { JobQueues } from '../../queue/queue.module';
import { closeRedis, createRedis } from '../../queue/redis';
import { ProjectionCatalogue } from '../projection-catalogue';
import { ProjectionWaker } from '../projection-waker';
import { projectionKeys } from '../redis-keys';

describe('ProjectionWaker', () => {
  const config = parseConfig(process.env);
  const redis = createRedis(config.REDIS_URL, 'projection-waker-test');
  const monitorConnection = createRedis(config.REDIS_URL, 'projection-waker-monitor');
  const queues = new JobQueues(config, redis);
  const catalogue = new ProjectionCatalogue([
    { name: 'waker-a', tables: [], eventTypes: ['Thing'], apply: async () => [] },
    { name: 'waker-b', tables: [], eventTypes: ['Thing', 'Other'], apply: async () => [] },
  ]);
  const wakeFor = (eventTypes: string[]) => waker.wakeAndWait(catalogue.namesReading(eventTypes));
  const keys = projectionKeys(config.REDIS_PREFIX);
  const queue = queues.queue('projections');
  let waker: ProjectionWaker;

  beforeEach(async () => {
    waker = new ProjectionWaker(config, redis, queues);
    await queue.obliterate({ force: true });
    await redis.del(keys.wakePending('waker-a'), keys.wakePending('waker-b'));
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queues.onApplicationShutdown();
    await closeRedis(redis);
    await closeRedis(monitorConnection);
  });

  async function waitingJobs(): Promise<string[]> {
    const jobs = await queue.getJobs(['waiting', 'delayed']);
    return jobs.map((job) => (job.data as { projection: string }).projection).sort();
  }

  it('sends the wake-ups of commands committed together in one round', async () => {
    const monitor = await monitorConnection.monitor();
    const markerWrites: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'set' && args[1]?.startsWith(keys.wakePending('')))
        markerWrites.push(args[1]);
    });
    await Promise.all(Array.from({ length: 50 }, () => wakeFor(['Thing'])));
    await redis.ping();
    monitor.disconnect();

    expect(markerWrites.sort()).toEqual([keys.wakePending('waker-a'), keys.wakePending('waker-b')]);
    expect(await waitingJobs()).toEqual(['waker-a', 'waker-b']);
  });

  it('never folds a wake-up into a round that may have reached Redis before it was asked', async () => {
    const first = wakeFor(['Thing']);
    // Let the first round start, then act as the worker picking its job up: marker deleted.
    await Promise.resolve();
    await Promise.resolve();
    const picked = redis.del(keys.wakePending('waker-a'), keys.wakePending('waker-b'));
    const second = wakeFor(['Other']);
    await Promise.all([first, picked, second]);

    expect(await redis.exists(keys.wakePending('waker-b'))).toBe(1);
    expect(await redis.exists(keys.wakePending('waker-a'))).toBe(0);
    expect(await waitingJobs()).toEqual(['waker-a', 'waker-b', 'waker-b']);
  });
});
