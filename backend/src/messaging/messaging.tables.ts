import type { TablesInventory } from '../platform/context/bounded-context';

/** The messaging context's tables and what their text columns hold of a person. */
export const messagingTables: TablesInventory = {
  push_subscriptions: {
    personal: {
      endpoint: 'deleted with the person',
      p256dh: 'deleted with the person',
      auth: 'deleted with the person',
      user_agent: 'deleted with the person',
    },
  },
  push_deliveries: { notPersonal: ['cause'] },
};
