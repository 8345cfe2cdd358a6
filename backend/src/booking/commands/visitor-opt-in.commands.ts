import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { visitorOptInDecider } from '../domain/visitor-opt-in.decider';

/** A visitor's WhatsApp opt-in, on the stream of the booking it came with. */
@Injectable()
export class VisitorOptInCommands extends commandHandlerFor(visitorOptInDecider) {}
