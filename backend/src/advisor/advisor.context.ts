import type { BoundedContext } from '../platform/context/bounded-context';
import { advisorConfigShape } from './advisor.config';
import { AdvisorModule } from './advisor.module';
import { advisorTables } from './advisor.tables';

/**
 * The 'Consultor Financeiro': answers about the trainer's own month (finance's figures and the
 * students about to renew, through their ports), by itself or through a configured provider.
 * Keeps nothing: the conversation lives in the trainer's browser.
 */
export const advisorContext: BoundedContext = {
  name: 'advisor',
  tables: advisorTables,
  module: AdvisorModule,
  config: advisorConfigShape,
};
