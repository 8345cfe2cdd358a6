import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { tenantDecider } from '../domain/tenant.decider';

/** Every tenant command, decided on the tenant's stream. */
@Injectable()
export class TenantCommands extends commandHandlerFor(tenantDecider) {}
