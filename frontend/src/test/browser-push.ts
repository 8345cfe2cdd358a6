/**
 * The browser's side of Web Push for screen tests (jsdom has none): a service worker registration
 * whose PushManager subscribes with a fixed endpoint and keys, and Notification's permission
 * answered `permission`. Undone after each test.
 */
export const DEVICE_SUBSCRIPTION = {
  endpoint: 'https://push.exemplo.com/send/aparelho-1',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

export function fakeBrowserPush({ permission = 'granted' as NotificationPermission } = {}) {
  let current: PushSubscription | null = null;
  const subscribed: PushSubscriptionOptionsInit[] = [];
  const subscription = {
    endpoint: DEVICE_SUBSCRIPTION.endpoint,
    toJSON: () => DEVICE_SUBSCRIPTION,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        subscribed.push(options);
        current = subscription;
        return subscription;
      },
    },
  } as unknown as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  Object.assign(window, {
    PushManager: class {},
    Notification: { requestPermission: async () => permission },
  });
  return {
    subscribed,
    isSubscribed: () => current !== null,
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});
