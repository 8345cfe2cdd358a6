import { base64urlBytes, messagingApi } from '@contracts/messaging/api';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import { notifyError } from './notify';

/**
 * This device's Web Push subscription (the browser's PushManager, through the app's service
 * worker) and the server's record of it: subscribing asks the browser's permission, then tells
 * the server; turning it off tells the server, then drops the browser's subscription.
 */

/** Whether this browser can receive pushes at all (an installed app on iOS, most others). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const registration = async (): Promise<ServiceWorkerRegistration | undefined> =>
  pushSupported() ? navigator.serviceWorker.getRegistration() : undefined;

/** This device's subscription now, if any. */
export async function thisDeviceSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Why notifications could not be turned on, in the words the screen shows. */
export class PushRefusedError extends Error {}

/** Asks permission, subscribes this device with the server's VAPID key and records it on the server. */
export async function enableDeviceNotifications(vapidPublicKey: string): Promise<void> {
  const worker = await registration();
  if (!worker) throw new PushRefusedError('Este aparelho não recebe notificações do Vira.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefusedError('Permita as notificações do Vira nas configurações do navegador.');
  const key = base64urlBytes(vapidPublicKey);
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key ? new Uint8Array(key) : undefined,
  });
  const { endpoint, keys } = subscription.toJSON();
  await api.call(messagingApi.subscribe, {
    body: {
      endpoint: endpoint ?? '',
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
}

/** Stops notifying this device: the server forgets it, then the browser drops the subscription. */
export async function disableDeviceNotifications(): Promise<void> {
  const subscription = await thisDeviceSubscription();
  if (!subscription) return;
  await api.call(messagingApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * This device's notifications as a screen shows them: `available` when the browser can receive
 * them and the server pushes (its VAPID key known), `enabled` when this device is subscribed, and
 * turning them on or off (a failure shown as a toast titled `errorTitle`).
 */
export function useDeviceNotifications(vapidPublicKey: string | undefined, errorTitle: string) {
  const [enabled, setEnabled] = useState<boolean | undefined>(undefined);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let live = true;
    void thisDeviceSubscription().then((subscription) => {
      if (live) setEnabled(subscription !== null);
    });
    return () => {
      live = false;
    };
  }, []);
  const change = async (on: boolean) => {
    if (!vapidPublicKey) return;
    setPending(true);
    try {
      await (on ? enableDeviceNotifications(vapidPublicKey) : disableDeviceNotifications());
      setEnabled(on);
    } catch (error) {
      notifyError(errorTitle, error, error instanceof PushRefusedError ? error.message : undefined);
    } finally {
      setPending(false);
    }
  };
  return {
    available: pushSupported() && vapidPublicKey !== undefined,
    enabled: enabled === true,
    pending,
    change,
  };
}
