import {
  createECDH,
  createHmac,
  createDecipheriv,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import webpush from 'web-push';
import { makeTestCertificates } from './api-pix/test-certificates';

/** A device as a browser's PushManager makes it: its own P-256 key and auth secret. */
export interface TestDevice {
  /** What the SPA posts to /api/push/subscription (PushSubscription.toJSON()). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What reached it, decrypted, in order. */
  received: unknown[];
  /** The statuses its next deliveries are answered with (then 201). */
  answerNext(...statuses: number[]): void;
}

/** A delivery as the push service saw it. */
export interface PushDelivery {
  device: string;
  status: number;
  /** The VAPID JWT's claims, once its ES256 signature checked out. */
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
}

export interface PushServiceDouble {
  /** The push service's CA (PEM): the app is told to trust it (PUSH_SERVICE_CA_FILE). */
  ca: string;
  origin: string;
  /** Every POST answered, refused ones included. */
  deliveries: PushDelivery[];
  /** Requests refused before any delivery: a bad VAPID Authorization or an undecryptable body. */
  refused: string[];
  device(): TestDevice;
  close(): Promise<void>;
}

const HKDF_INFO = Buffer.from('WebPush: info\0');
const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** RFC 8291 with RFC 8188's aes128gcm, one record, as the user agent decrypts it. */
function decrypt(
  body: Buffer,
  uaPrivate: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const ikm = hmac(prkKey, HKDF_INFO, uaPrivate.getPublicKey(), asPublic, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(
    0,
    16,
  );
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(
    0,
    12,
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('delimitador do último registro ausente');
  return padded.subarray(0, end);
}

/** The claims of a `vapid t=<jwt>, k=<key>` Authorization (RFC 8292) whose ES256 signature `k` verifies. */
function vapidClaims(authorization: string | undefined, expectedKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('Authorization sem vapid t=, k=');
  const [, jwt, k] = match;
  if (k !== expectedKey) throw new Error('k não é a chave VAPID do servidor');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header, payload, signature] = jwt.split('.');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`alg ${alg}`);
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('assinatura VAPID inválida');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as PushDelivery['claims'];
}

const bodyOf = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A push service (RFC 8030) over HTTPS on this machine, for tests: it checks each POST's VAPID
 * JWT (ES256 by the server's key, `aud` its origin, `exp` within 24 hours) and decrypts the body
 * with the device's own key and auth secret, answering 201, or the statuses a test set (404, 410,
 * 429...). The server's VAPID public key is the one it accepts.
 */
export async function startPushService(vapidPublicKey: string): Promise<PushServiceDouble> {
  const certificates = makeTestCertificates();
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; device: TestDevice; next: number[] }
  >();
  const deliveries: PushDelivery[] = [];
  const refused: string[] = [];
  const server: Server = createServer(
    { key: certificates.server.chavePem, cert: certificates.server.certificadoPem },
    (request, response) => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
        const known = id ? devices.get(id) : undefined;
        const body = await bodyOf(request);
        if (request.method !== 'POST' || !id || !known) {
          response.writeHead(404).end();
          return;
        }
        try {
          const claims = vapidClaims(request.headers.authorization, vapidPublicKey);
          const now = Date.now() / 1_000;
          if (claims.aud !== origin) throw new Error(`aud ${claims.aud}`);
          if (!(claims.exp > now && claims.exp <= now + 24 * 3_600)) throw new Error('exp');
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('encoding');
          const status = known.next.shift() ?? 201;
          deliveries.push({ device: id, status, claims, ttl: Number(request.headers.ttl) });
          if (status === 201)
            known.device.received.push(
              JSON.parse(decrypt(body, known.ecdh, known.auth).toString()),
            );
          response.writeHead(status).end();
        } catch (error) {
          refused.push(String(error));
          response.writeHead(403).end();
        }
      })();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ca: certificates.ca,
    origin,
    deliveries,
    refused,
    device() {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const next: number[] = [];
      const device: TestDevice = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
        received: [],
        answerNext: (...statuses) => next.push(...statuses),
      };
      devices.set(id, { ecdh, auth, device, next });
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A push service double for the describe it is called in: its VAPID pair, the double (`service`,
 * once started) and the environment that turns push on for the app, trusting the double's CA.
 */
export function pushServiceForThisSuite() {
  const vapid = webpush.generateVAPIDKeys();
  let caDir = '';
  const suite = {
    vapid,
    service: undefined as unknown as PushServiceDouble,
    env: () => ({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:suporte@vira.app.br',
      PUSH_SERVICE_CA_FILE: path.join(caDir, 'ca.pem'),
    }),
  };
  beforeAll(async () => {
    suite.service = await startPushService(vapid.publicKey);
    caDir = mkdtempSync(path.join(tmpdir(), 'vira-push-'));
    writeFileSync(path.join(caDir, 'ca.pem'), suite.service.ca);
  });
  afterAll(async () => {
    await suite.service.close();
    rmSync(caDir, { recursive: true, force: true });
  });
  return suite;
}
