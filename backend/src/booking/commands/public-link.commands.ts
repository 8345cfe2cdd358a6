import { Injectable } from '@nestjs/common';
import type { PublicLinkSettings } from '../../contracts/booking/api';
import type { InlineProjection } from '../../platform/event-store/command-runner';
import { settingsCommandsFor } from '../../platform/event-store/settings-stream';
import { NotFoundError } from '../../platform/errors/domain-error';
import { entityReferences } from '../../platform/references/entity-references';
import {
  publicLinkDecider,
  type PublicLinkEvent,
  publicLinkStreamId,
} from '../domain/public-link.decider';

/** The locations offered are the trainer's own (another tenant's or a made-up one: 404). */
const offeredLocationsExist: InlineProjection<PublicLinkEvent, PublicLinkSettings> = {
  eventTypes: ['PublicLinkSettingsChanged'],
  async apply(trx, { tenantId, events }) {
    for (const event of events)
      for (const id of event.data.locationIds ?? [])
        if (!(await entityReferences.exists(trx, tenantId, { kind: 'location', id })))
          throw new NotFoundError('Local');
  },
};

/**
 * The trainer's public link settings: saved whole, read from the stream itself (one small stream
 * per trainer, exact at once: a page closed a moment ago is closed for the next visitor).
 */
@Injectable()
export class PublicLinkCommands extends settingsCommandsFor(
  { decider: publicLinkDecider, streamId: publicLinkStreamId },
  offeredLocationsExist,
) {}
