import { randomInt } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { freshAddress, newTrainer } from '../../../../test/support/accounts';
import { projectAll } from '../../../../test/support/projections';
import { addDays, zonedInstant, zonedParts } from '../../contracts/shared/time';

const TZ = 'America/Sao_Paulo';
export const today = () => zonedParts(new Date(), TZ).date;
/** `days` after today at `time` in São Paulo, as an ISO instant. */
export const dayAt = (days: number, time: string) =>
  zonedInstant(addDays(today(), days), time, TZ).toISOString();

/** A phone no other booking of this run uses. */
let phoneSequence = randomInt(0, 100_000_000);
export const freshPhone = () => {
  phoneSequence = (phoneSequence + 1) % 100_000_000;
  return `119${String(phoneSequence).padStart(8, '0')}`;
};

/** The WhatsApp the test trainers show on their public page (not their sign-up phone). */
export const PAGE_WHATSAPP = '11976543210';

/** A trainer signed up through the API (a real tenant with its slug, its public page on), with their client. */
export async function trainerOf(app: NestFastifyApplication, nome = 'Ana Souza') {
  const { api, tenantId, login } = await newTrainer(app, nome, { address: freshAddress() });
  // A new trainer's page starts off: these tests book on a page turned on, with its WhatsApp.
  const settings = (await api.get('/api/settings/public-link')).json() as object;
  const on = await api.put('/api/settings/public-link', {
    ...settings,
    enabled: true,
    whatsapp: PAGE_WHATSAPP,
  });
  if (on.statusCode !== 200) throw new Error(`link público: ${on.statusCode} ${on.body}`);
  return {
    api,
    tenantId,
    slug: login.user.tenantSlug as string,
    async location(nome = 'Academia Centro', endereco?: string): Promise<string> {
      const response = await api.post('/api/locations', {
        nome,
        ...(endereco ? { endereco } : {}),
      });
      if (response.statusCode !== 201) throw new Error(`local: ${response.body}`);
      await projectAll(app);
      return response.json().id as string;
    },
  };
}

/** The public routes as a visitor at `address` sees them (no token). */
export function visitor(app: NestFastifyApplication, address = freshAddress()) {
  return {
    address,
    get: (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, remoteAddress: address, headers }),
    post: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress: address,
        headers,
      }),
  };
}
