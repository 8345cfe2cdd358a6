import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommandObserver, CommittedCommand } from '../event-store/command-runner';
import { OutageLog } from '../queue/redis';
import { ProjectionCatalogue } from './projection-catalogue';
import { ReadYourWrites } from './read-your-writes';

/**
 * After a command commits: remember the write so the same principal's next reads of the projections
 * that read its events wait for it (before answering: the next request may reach another
 * instance), and wake those projections — one Redis call for both. A lost wake-up only delays them
 * until the worker's safety net.
 */
@Injectable()
export class ProjectionsOnCommit implements CommandObserver {
  private readonly logger = new Logger(ProjectionsOnCommit.name);
  private readonly failures = new OutageLog((message) => this.logger.warn(message));

  constructor(
    @Inject(ProjectionCatalogue) private readonly catalogue: ProjectionCatalogue,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
  ) {}

  async committed({
    context,
    eventTypes,
    position,
    transactionId,
  }: CommittedCommand): Promise<void> {
    const projections = this.catalogue.namesReading(eventTypes);
    await this.readYourWrites
      .remember(context.actorId, projections, { transactionId, position })
      .catch((error: unknown) =>
        this.failures.report(`leitura das próprias escritas indisponível: ${String(error)}`),
      );
  }
}
