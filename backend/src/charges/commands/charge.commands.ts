import { Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { PixSettings } from '../../contracts/charges/pix';
import type { Database } from '../../platform/database/database';
import { commandHandlerFor, type InlineProjection } from '../../platform/event-store/command-runner';
import {
  currentSettings,
  settingsCommandsFor,
  type SettingsStream,
} from '../../platform/event-store/settings-stream';
import { entityReferences } from '../../platform/references/entity-references';
import { chargeDecider, type ChargeState } from '../domain/charge.decider';
import type { ChargeEvent, PixSettingsEvent } from '../domain/charge.events';
import {
  type PixSettingsCommand,
  pixSettingsDecider,
  type PixSettingsState,
  pixSettingsStreamId,
} from '../domain/pix-settings.decider';

/** How soon the worker first asks the PSP about a charge made through it. */
export const FIRST_PSP_CHECK_MS = 60_000;

/**
 * In the command's transaction: the charge's txid (a PSP's notification finds its charge at once,
 * whichever tenant it is), the charge's reference to its student (a student with charges is not
 * removed) and, for a charge made through the PSP, when the worker first asks the PSP about it
 * (removed once it is paid or cancelled).
 */
export const chargeEntity: InlineProjection<ChargeEvent, ChargeState> = {
  eventTypes: ['ChargeCreated', 'ChargePaid', 'ChargeCancelled'],
  async apply(trx, { tenantId, streamId, events }) {
    for (const event of events) {
      if (event.type !== 'ChargeCreated') {
        await trx.deleteFrom('chargePspChecks').where('chargeId', '=', streamId).execute();
        continue;
      }
      if (event.data.provedor === 'api-pix')
        await trx
          .insertInto('chargePspChecks')
          .values({
            chargeId: streamId,
            tenantId,
            txid: event.data.txid,
            nextCheckAt: new Date(Date.now() + FIRST_PSP_CHECK_MS),
          })
          .execute();
      await trx
        .insertInto('chargeTxids')
        .values({ txid: event.data.txid, tenantId, chargeId: streamId })
        .execute();
      await entityReferences.registerReferring(trx, tenantId, { kind: 'charge', id: streamId }, [
        { target: { kind: 'student', id: event.data.studentId }, label: 'Aluno' },
      ]);
    }
  },
};

/** Every charge command, decided on the charge's stream. */
@Injectable()
export class ChargeCommands extends commandHandlerFor(chargeDecider, chargeEntity) {}

const pixSettings: SettingsStream<PixSettingsCommand, PixSettingsEvent, PixSettingsState> = {
  decider: pixSettingsDecider,
  streamId: pixSettingsStreamId,
};

/** The trainer's PIX settings: saved whole, read from the stream itself. */
@Injectable()
export class PixSettingsCommands extends settingsCommandsFor(pixSettings) {}

/** A trainer's PIX settings as they stand (the API's and the worker's one reading of them). */
export function currentPixSettings(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PixSettings | undefined> {
  return currentSettings(db, tenantId, pixSettings);
}
