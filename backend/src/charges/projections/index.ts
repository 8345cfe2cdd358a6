import { chargesProjection } from './charges.projection';

export const CHARGES_PROJECTION = chargesProjection.name;

/** The read models of the charges context, run by the worker. */
export const chargeProjections = [chargesProjection];
