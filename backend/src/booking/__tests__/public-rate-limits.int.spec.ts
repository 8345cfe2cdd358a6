import { freshAddress, GENEROUS_RATE_LIMITS } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import { startTestApp, type TestApp } from '../../../../test/support/test-app';
import { dayAt, freshPhone, trainerOf, visitor } from './booking-test-kit';

const rateLimited = {
  statusCode: 429,
  code: 'rate_limited',
  message: 'Muitas tentativas. Tente novamente em instantes.',
};

/** The public routes' limits per client address, counted in Redis (shared by API instances). */
describe('public booking rate limits', () => {
  let first: TestApp;
  let second: TestApp;
  let trainer: Awaited<ReturnType<typeof trainerOf>>;
  let academia: string;

  beforeAll(async () => {
    const env = {
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
      ...GENEROUS_RATE_LIMITS,
      RATE_LIMIT_PUBLIC_SLOTS: '8/60',
      RATE_LIMIT_PUBLIC_BOOKINGS: '3/60',
    };
    // Two API instances on the same Redis: the counters are shared.
    [first, second] = await Promise.all([startTestApp(env), startTestApp(env)]);
    trainer = await trainerOf(first.app);
    academia = await trainer.location();
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it('a burst of slot reads from one address gets 429 with Retry-After (across instances); another address is not blocked', async () => {
    const address = freshAddress();
    const url = `/api/public/${trainer.slug}/locations/${academia}/slots`;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        visitor(index % 2 ? first.app : second.app, address).get(url),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12);
    const refused = burst.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual(rateLimited);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The page counts as a read too.
    expect((await visitor(first.app, address).get(`/api/public/${trainer.slug}`)).statusCode).toBe(
      429,
    );

    const other = visitor(first.app);
    expect((await other.get(url)).statusCode).toBe(200);
    expect((await other.get(`/api/public/${trainer.slug}`)).statusCode).toBe(200);
  });

  it('bookings: 3 a minute per address, bad ones counted too', async () => {
    const address = freshAddress();
    const post = (inicio: string) =>
      visitor(first.app, address).post(`/api/public/${trainer.slug}/bookings`, {
        locationId: academia,
        inicio,
        nome: 'Bruno Lima',
        telefone: freshPhone(),
      });
    expect((await post(dayAt(3, '09:00'))).statusCode).toBe(201);
    expect((await post('amanhã')).statusCode).toBe(400);
    expect((await post(dayAt(3, '09:00'))).statusCode).toBe(409);
    const fourth = await post(dayAt(3, '10:15'));
    expect(fourth.json()).toEqual(rateLimited);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another address books at once.
    const elsewhere = await visitor(second.app).post(`/api/public/${trainer.slug}/bookings`, {
      locationId: academia,
      inicio: dayAt(3, '10:15'),
      nome: 'Carla Dias',
      telefone: freshPhone(),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('X-Forwarded-For does not choose the address unless behind TRUST_PROXY', async () => {
    const address = freshAddress();
    const url = `/api/public/${trainer.slug}`;
    const statuses: number[] = [];
    for (let index = 0; index < 9; index++)
      statuses.push(
        (await visitor(first.app, address).get(url, { 'x-forwarded-for': `203.0.113.${index}` }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('public booking rate limits behind a proxy (TRUST_PROXY)', () => {
  const app = apiFixture({ RATE_LIMIT_PUBLIC_SLOTS: '2/60', TRUST_PROXY: '127.0.0.1' });

  it('counts the client X-Forwarded-For names', async () => {
    const trainer = await trainerOf(app.app);
    const url = `/api/public/${trainer.slug}`;
    const proxy = visitor(app.app, '127.0.0.1');
    const [a, b] = [freshAddress(), freshAddress()];
    const statuses = [];
    for (const client of [a, a, a, b])
      statuses.push((await proxy.get(url, { 'x-forwarded-for': client })).statusCode);
    expect(statuses).toEqual([200, 200, 429, 200]);
  });
});
