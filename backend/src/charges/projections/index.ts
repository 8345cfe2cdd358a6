import { chargesProjection } from './charges.projection';
import { subscriptionsProjection } from './subscriptions.projection';

export const CHARGES_PROJECTION = chargesProjection.name;
export const SUBSCRIPTIONS_PROJECTION = subscriptionsProjection.name;

/** The read models of the charges context, run by the worker. */
export const chargeProjections = [chargesProjection, subscriptionsProjection];
