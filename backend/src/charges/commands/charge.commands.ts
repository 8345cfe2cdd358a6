import { Inject, Injectable } from '@nestjs/common';
import type { PixSettings } from '../../contracts/pix';
import { DATABASE, type Db } from '../../platform/database/database.module';
import {
  commandHandlerFor,
  CommandRunner,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { fold } from '../../platform/event-store/decider';
import { readStream } from '../../platform/event-store/event-store';
import { entityReferences } from '../../platform/references/entity-references';
import { chargeDecider, type ChargeState } from '../domain/charge.decider';
import type { ChargeEvent, PixSettingsEvent } from '../domain/charge.events';
import { pixSettingsDecider, pixSettingsStreamId } from '../domain/pix-settings.decider';

/**
 * In the command's transaction: the charge's txid (a PSP's notification finds its charge at once,
 * whichever tenant it is) and the charge's reference to its student (a student with charges is
 * not removed).
 */
const chargeEntity: InlineProjection<ChargeEvent, ChargeState> = {
  eventTypes: ['ChargeCreated'],
  async apply(trx, { tenantId, streamId, events }) {
    for (const event of events) {
      if (event.type !== 'ChargeCreated') continue;
      await trx
        .insertInto('chargeTxids')
        .values({ txid: event.data.txid, tenantId, chargeId: streamId })
        .execute();
      const charge = { kind: 'charge', id: streamId };
      await entityReferences.register(trx, tenantId, charge);
      await entityReferences.refer(
        trx,
        tenantId,
        charge,
        { kind: 'student', id: event.data.studentId },
        'Aluno',
      );
    }
  },
};

/** Every charge command, decided on the charge's stream. */
@Injectable()
export class ChargeCommands extends commandHandlerFor(chargeDecider, chargeEntity) {}

/** The trainer's PIX settings: saved whole, read from the stream itself. */
@Injectable()
export class PixSettingsCommands extends commandHandlerFor(pixSettingsDecider) {
  constructor(
    @Inject(CommandRunner) runner: CommandRunner,
    @Inject(DATABASE) private readonly db: Db,
  ) {
    super(runner);
  }

  async current(tenantId: string): Promise<PixSettings | undefined> {
    const stream = await readStream(this.db, tenantId, pixSettingsStreamId(tenantId));
    return fold(
      pixSettingsDecider,
      stream.map((stored) => ({ type: stored.eventType, data: stored.data }) as PixSettingsEvent),
    );
  }
}
