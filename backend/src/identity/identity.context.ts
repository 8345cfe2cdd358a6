import { TrainerContacts } from '../contracts/identity/ports';
import { tenantPersonalData } from './domain/tenant.events';
import type { BoundedContext } from '../platform/context/bounded-context';
import { identityConfigShape } from './identity.config';
import { IdentityModule } from './identity.module';
import { identityProjections } from './projections';
import { AccountRepository } from './queries/account.repository';
import { identityTables } from './identity.tables';
import { closeIdentity } from './commands/close-account.command';

/** Accounts, sessions, tenants with their public slug, e-mail links and financial onboarding. */
export const identityContext: BoundedContext = {
  name: 'identity',
  tables: identityTables,
  closeAccount: closeIdentity,
  module: IdentityModule,
  projections: identityProjections,
  personalData: [tenantPersonalData],
  config: identityConfigShape,
  workerPorts: [{ port: TrainerContacts, create: ({ db }) => new AccountRepository(db) }],
};
