import type { CommittedCommand } from '../../event-store/command-runner';
import { ProjectionCatalogue } from '../projection-catalogue';
import { ProjectionsOnCommit } from '../projections-on-commit';
import type { WriteRecords } from '../read-your-writes';

/** Read-your-writes whose Redis replies come back only when the test says so. */
function redisAnswering() {
  const replies: Array<() => void> = [];
  const recorded: string[] = [];
  const readYourWrites: WriteRecords = {
    remember: (principal) => {
      recorded.push(principal);
      return new Promise<void>((resolve) => replies.push(resolve));
    },
  };
  return {
    readYourWrites,
    recorded,
    replyToAll: () => replies.splice(0).forEach((reply) => reply()),
  };
}

const catalogue = new ProjectionCatalogue([
  { name: 'students', eventTypes: ['StudentRegistered'], tables: [], apply: async () => [] },
]);

const commit = (actorId: string, position: number): CommittedCommand => ({
  context: { tenantId: 't', actorId, actorRole: 'personal', correlationId: 'c' },
  eventTypes: ['StudentRegistered'],
  position,
  transactionId: String(position),
});

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('a commit told to read-your-writes', () => {
  it("answers a command alone without waiting for Redis's reply to its record", async () => {
    // given Redis that has not replied yet
    const redis = redisAnswering();
    const observer = new ProjectionsOnCommit(catalogue, redis.readYourWrites);
    // when one command commits
    const told = observer.committed(commit('ana', 1));
    // then its record is on its way and its answer does not wait for the reply
    expect(redis.recorded).toEqual(['ana']);
    expect(await settled(told)).toBe(true);
  });

  it('holds a command committed while another record is on its way until Redis replies', async () => {
    // given a first command whose record Redis has not replied to
    const redis = redisAnswering();
    const observer = new ProjectionsOnCommit(catalogue, redis.readYourWrites);
    void observer.committed(commit('ana', 1));
    // when a second commits meanwhile
    const second = observer.committed(commit('bia', 2));
    // then it waits (the replies pace the writers) until Redis replies
    expect(await settled(second)).toBe(false);
    redis.replyToAll();
    expect(await settled(second)).toBe(true);
    // and once the replies are in, a command alone answers at once again
    expect(await settled(observer.committed(commit('ana', 3)))).toBe(true);
  });
});
