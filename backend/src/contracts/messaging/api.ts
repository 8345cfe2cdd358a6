import { z } from 'zod';
import { routes } from '../shared/routes';

/**
 * Web Push (RFC 8030, 8291, 8292) for the installed app: the server's VAPID key, and the devices a
 * signed-in trainer or student receives notifications on.
 */

/** The bytes of base64url text, or undefined when it is not base64url. */
export function base64urlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) return undefined;
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** An uncompressed P-256 point (0x04, x, y): the device's public key and the server's. */
const isP256Point = (text: string) => {
  const bytes = base64urlBytes(text);
  return bytes?.length === 65 && bytes[0] === 4;
};

const P256DH_MESSAGE = 'deve ser a chave P-256 do aparelho (65 bytes, base64url)';
const AUTH_MESSAGE = 'deve ser o segredo do aparelho (16 bytes, base64url)';
const ENDPOINT_MESSAGE = 'deve ser o endereço https do serviço de push';

const endpointSchema = z
  .string(ENDPOINT_MESSAGE)
  .max(2_048, ENDPOINT_MESSAGE)
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', ENDPOINT_MESSAGE);

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime and more are ignored). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: endpointSchema,
    keys: z.object(
      {
        p256dh: z.string(P256DH_MESSAGE).refine(isP256Point, P256DH_MESSAGE),
        auth: z
          .string(AUTH_MESSAGE)
          .refine((text) => base64urlBytes(text)?.length === 16, AUTH_MESSAGE),
      },
      'deve ser { p256dh, auth } da assinatura do aparelho',
    ),
  })
  .meta({ id: 'AssinaturaPush' });
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

export const vapidKeySchema = z
  .object({ publicKey: z.string().refine(isP256Point) })
  .meta({ id: 'ChaveVapid' });

/** What the vapid-key route answers when the server has no VAPID key (push is off). */
export const PUSH_DISABLED_MESSAGE =
  'Notificações neste aparelho não estão disponíveis neste servidor';

const push = routes('messaging', 'signed-in');

export const messagingApi = {
  vapidKey: push.get('/push/vapid-key', {
    summary:
      'A chave pública VAPID do servidor (applicationServerKey); 404 quando o push está desligado',
    answer: vapidKeySchema,
    errors: { push_disabled: 404 },
    live: true,
  }),
  subscribe: push.post('/push/subscription', {
    summary: 'Registra este aparelho para receber notificações (o consentimento fica registrado)',
    status: 201,
    body: pushSubscriptionSchema,
  }),
  unsubscribe: push.delete('/push/subscription', {
    summary: 'Deixa de notificar o aparelho deste endpoint',
    body: pushUnsubscribeSchema,
  }),
};
