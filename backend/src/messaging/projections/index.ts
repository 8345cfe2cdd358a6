import { pushSubscriptionsProjection } from './push-subscriptions.projection';

export const PUSH_SUBSCRIPTIONS_PROJECTION = pushSubscriptionsProjection.name;

/** The read models of the messaging context, run by the worker. */
export const MESSAGING_PROJECTIONS = [pushSubscriptionsProjection];
