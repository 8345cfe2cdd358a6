import type { BoundedContext } from '../platform/context/bounded-context';
import { contractPersonalData } from './domain/contract.events';
import { AgreementsModule } from './agreements.module';
import { agreementProjections } from './projections';
import { agreementsTables } from './agreements.tables';

/** Contracts and terms: the trainer writes them, students sign them with consent evidence. */
export const agreementsContext: BoundedContext = {
  name: 'agreements',
  tables: agreementsTables,
  module: AgreementsModule,
  projections: agreementProjections,
  personalData: [contractPersonalData],
};
