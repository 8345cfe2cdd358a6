import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommandObserver, CommittedCommand } from '../event-store/command-runner';
import { OutageLog } from '../queue/redis';
import { ProjectionCatalogue } from './projection-catalogue';
import { ProjectionWaker } from './projection-waker';
import { ReadYourWrites } from './read-your-writes';

/**
 * After a command commits: wake the projections that read its events (in the background: a lost
 * wake-up only delays them until the worker's safety net), and remember the write so the same
 * principal's next reads of those projections wait for it (before answering: the next request may
 * reach another instance).
 */
@Injectable()
export class ProjectionsOnCommit implements CommandObserver {
  private readonly logger = new Logger(ProjectionsOnCommit.name);
  private readonly failures = new OutageLog((message) => this.logger.warn(message));

  constructor(
    @Inject(ProjectionCatalogue) private readonly catalogue: ProjectionCatalogue,
    @Inject(ProjectionWaker) private readonly waker: ProjectionWaker,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
  ) {}

  async committed({
    context,
    eventTypes,
    position,
    transactionId,
  }: CommittedCommand): Promise<void> {
    const projections = this.catalogue.namesReading(eventTypes);
    this.waker.wake(projections);
    await this.readYourWrites
      .remember(context.actorId, projections, { transactionId, position })
      .catch((error: unknown) =>
        this.failures.report(`leitura das próprias escritas indisponível: ${String(error)}`),
      );
  }
}
