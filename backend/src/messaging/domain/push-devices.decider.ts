import {
  type PushDeviceEvent,
  PUSH_DEVICES_STREAM_TYPE,
  type PushSubscribedData,
} from '../../contracts/messaging/events';
import type { DomainError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';

export type PushDevicesCommand =
  | { type: 'SubscribePush'; device: PushSubscribedData }
  | { type: 'UnsubscribePush'; endpoint: string; motivo: 'aparelho' | 'saida' }
  | { type: 'ExpirePushSubscription'; subscriptionId: string; status: number };

interface Device {
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The account's devices subscribed now. */
export interface PushDevicesState {
  devices: readonly Device[];
}

const initialState = (): PushDevicesState => ({ devices: [] });

const without = (state: PushDevicesState, subscriptionId: string): PushDevicesState => ({
  devices: state.devices.filter((device) => device.subscriptionId !== subscriptionId),
});

function evolve(state: PushDevicesState, event: PushDeviceEvent): PushDevicesState {
  switch (event.type) {
    case 'PushSubscribed': {
      const { subscriptionId, endpoint, p256dh, auth } = event.data;
      return {
        devices: [
          ...state.devices.filter((device) => device.endpoint !== endpoint),
          { subscriptionId, endpoint, p256dh, auth },
        ],
      };
    }
    case 'PushUnsubscribed':
    case 'PushSubscriptionExpired':
      return without(state, event.data.subscriptionId);
  }
}

/**
 * A device subscribed again with the same keys changes nothing; with new keys (the browser renewed
 * the subscription) the old one ends and the new one starts. Ending what is not subscribed (twice,
 * or after the push service forgot it) changes nothing either.
 */
function decide(
  command: PushDevicesCommand,
  state: PushDevicesState,
): PushDeviceEvent[] | DomainError {
  switch (command.type) {
    case 'SubscribePush': {
      const { device } = command;
      const known = state.devices.find((each) => each.endpoint === device.endpoint);
      if (known && known.p256dh === device.p256dh && known.auth === device.auth) return [];
      return [
        ...(known
          ? [
              {
                type: 'PushUnsubscribed' as const,
                data: { subscriptionId: known.subscriptionId, motivo: 'aparelho' as const },
              },
            ]
          : []),
        { type: 'PushSubscribed', data: device },
      ];
    }
    case 'UnsubscribePush': {
      const known = state.devices.find((device) => device.endpoint === command.endpoint);
      return known
        ? [
            {
              type: 'PushUnsubscribed',
              data: { subscriptionId: known.subscriptionId, motivo: command.motivo },
            },
          ]
        : [];
    }
    case 'ExpirePushSubscription':
      return state.devices.some((device) => device.subscriptionId === command.subscriptionId)
        ? [
            {
              type: 'PushSubscriptionExpired',
              data: { subscriptionId: command.subscriptionId, status: command.status },
            },
          ]
        : [];
  }
}

/** One account's push devices (the stream's id is the account's user id). */
export const pushDevicesDecider: Decider<PushDevicesCommand, PushDeviceEvent, PushDevicesState> = {
  streamType: PUSH_DEVICES_STREAM_TYPE,
  initialState,
  evolve,
  decide,
};
