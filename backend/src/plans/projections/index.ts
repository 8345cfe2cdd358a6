import { plansProjection } from './plans.projection';

export const PLANS_PROJECTION = plansProjection.name;

/** The read models of the plans context, run by the worker. */
export const planProjections = [plansProjection];
