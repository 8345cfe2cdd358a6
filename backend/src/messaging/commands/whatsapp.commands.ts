import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { settingsCommandsFor } from '../../platform/event-store/settings-stream';
import { studentChannelsDecider } from '../domain/student-channels.decider';
import {
  whatsAppAccountDecider,
  whatsAppAccountStreamId,
} from '../domain/whatsapp-account.decider';

/** A trainer's WhatsApp account: one stream per tenant, saved and read like the other settings. */
@Injectable()
export class WhatsAppAccountCommands extends settingsCommandsFor({
  decider: whatsAppAccountDecider,
  streamId: whatsAppAccountStreamId,
}) {}

/** How a student is reached (stream id: studentChannelsStreamId of the student). */
@Injectable()
export class StudentChannelsCommands extends commandHandlerFor(studentChannelsDecider) {}
