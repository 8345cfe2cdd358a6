import { financeSettingsProjection } from './settings.projection';
import { summariesProjection } from './summaries.projection';
import { transactionsProjection } from './transactions.projection';

export const TRANSACTIONS_PROJECTION = transactionsProjection.name;
export const SUMMARIES_PROJECTION = summariesProjection.name;
export const FINANCE_SETTINGS_PROJECTION = financeSettingsProjection.name;

/** The read models of the finance context, run by the worker. */
export const financeProjections = [
  transactionsProjection,
  financeSettingsProjection,
  summariesProjection,
];
