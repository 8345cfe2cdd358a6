import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { pushDevicesDecider } from '../domain/push-devices.decider';

/** Every command on an account's push devices, decided on its stream (id = the user id). */
@Injectable()
export class PushDevicesCommands extends commandHandlerFor(pushDevicesDecider) {}
