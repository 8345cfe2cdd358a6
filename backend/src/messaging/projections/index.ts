import { pushSubscriptionsProjection } from './push-subscriptions.projection';
import { whatsAppAccountsProjection } from './whatsapp-accounts.projection';
import { whatsAppContactsProjection } from './whatsapp-contacts.projection';
import { whatsAppMessagesProjection } from './whatsapp-messages.projection';

export const PUSH_SUBSCRIPTIONS_PROJECTION = pushSubscriptionsProjection.name;

/** The read models of the messaging context, run by the worker. */
export const MESSAGING_PROJECTIONS = [
  pushSubscriptionsProjection,
  whatsAppAccountsProjection,
  whatsAppContactsProjection,
  whatsAppMessagesProjection,
];
