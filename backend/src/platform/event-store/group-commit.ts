import type { Kysely } from 'kysely';
import type { Database } from '../database/database';
import { type AppendRequest, type AppendResult, appendAlone, appendGroup } from './append';

/** At most this many appends share a statement. */
export const MAX_APPENDS_PER_GROUP = 64;

/** Statements being written at once; appends that arrive while all are busy wait for the next. */
export const WRITES_AT_ONCE = 2;

interface Waiting {
  request: AppendRequest;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit across streams. An append that finds a writer free is written at once, alone: no
 * append ever waits for company. Appends that arrive while WRITES_AT_ONCE statements are being
 * written wait, and are then written together: one statement and one commit (one WAL flush) for
 * all of them, each answered its own positions. A group that fails for any reason (a version
 * clash, a key proved stale, a dropped connection) is written again append by append, each
 * meeting its own fate as it would have alone.
 */
export class GroupCommit {
  private readonly waiting: Waiting[] = [];
  private writing = 0;

  constructor(private readonly db: Kysely<Database>) {}

  append(request: AppendRequest): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.writeWaiting();
    });
  }

  private writeWaiting(): void {
    while (this.writing < WRITES_AT_ONCE && this.waiting.length > 0) {
      const group = this.nextGroup();
      this.writing++;
      void this.write(group).finally(() => {
        this.writing--;
        this.writeWaiting();
      });
    }
  }

  /**
   * The waiting appends to write together, at most one per stream: each is answered the positions
   * of its own stream's rows. (The runner's queues send a stream's appends one after another.)
   */
  private nextGroup(): Waiting[] {
    const streams = new Set<string>();
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      const stream = `${waiting.request.tenantId}/${waiting.request.streamId.toLowerCase()}`;
      if (group.length < MAX_APPENDS_PER_GROUP && !streams.has(stream)) {
        streams.add(stream);
        group.push(waiting);
      } else later.push(waiting);
    }
    this.waiting.splice(0, this.waiting.length, ...later);
    return group;
  }

  private async write(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      const results = await appendGroup(
        this.db,
        group.map((waiting) => waiting.request),
      ).catch(() => undefined);
      if (results) {
        group.forEach((waiting, index) => waiting.resolve(results[index]));
        return;
      }
    }
    await Promise.all(
      group.map((waiting) =>
        appendAlone(this.db, waiting.request).then(waiting.resolve, waiting.reject),
      ),
    );
  }
}

const shared = new WeakMap<Kysely<Database>, GroupCommit>();

/**
 * The process's group commit on `db`: every append outside a transaction (appendEvents, the
 * command runner's) shares it, so they share statements and commits, and no more than
 * WRITES_AT_ONCE of them are written at once.
 */
export function groupCommitOf(db: Kysely<Database>): GroupCommit {
  let group = shared.get(db);
  if (!group) shared.set(db, (group = new GroupCommit(db)));
  return group;
}
