import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { contractDecider } from '../domain/contract.decider';

/** Every contract command, decided on the contract's stream. */
@Injectable()
export class ContractCommands extends commandHandlerFor(contractDecider) {}
