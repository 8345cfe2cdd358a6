import pino from 'pino';
import { apiFixture } from '../../../../test/support/api-fixture';
import type { http } from '../../../../test/support/api';
import { workerServicesOf } from '../../../../test/support/projections';
import { pushServiceForThisSuite, type TestDevice } from '../../../../test/support/push-service';
import { PushNotifications } from '../../contracts/messaging/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { JobQueues } from '../../platform/queue/queue.module';
import { type RunningWorker, startWorkerProcess } from '../../platform/queue/worker-process';
import { CONTEXTS } from '../../contexts';
import { PUSH_QUEUE, SEND_PUSH } from '../application/push-delivery';
import { messagingContext } from '../messaging.context';

const at = (day: number, time: string) =>
  new Date(`2030-05-${String(day).padStart(2, '0')}T${time}:00-03:00`);
const HOUR = 3_600_000;

/**
 * Issue 59, item 6: Web Push through a push service double that checks the VAPID signature and
 * decrypts what it receives with the device's own key (RFC 8291), on the real PostgreSQL, Redis
 * and BullMQ queue.
 */
describe('web push', () => {
  const push = pushServiceForThisSuite();
  const { vapid } = push;
  const t = apiFixture(push.env);
  let clock = new Date();
  const services = () => workerServicesOf(t.app, () => clock);
  const db = () => t.app.get<Db>(DATABASE);
  const queue = () => t.app.get(JobQueues).queue(PUSH_QUEUE);
  /** The push jobs waiting, taken off the queue as a worker takes them. */
  const takeJobs = async () => {
    const jobs = await queue().getJobs(['waiting', 'delayed', 'prioritized']);
    for (const job of jobs) await job.remove();
    return jobs.map((job): unknown => job.data);
  };
  /** Runs a job's data through its handler, as a worker does. */
  const run = (queueName: string, jobName: string, data: unknown) => {
    const handler = CONTEXTS.flatMap((context) => context.jobs?.[queueName]?.[jobName] ?? [])[0];
    return handler(data, services());
  };
  const sendPush = (data: unknown) => run(PUSH_QUEUE, SEND_PUSH, data);
  const subscriptionsOf = (userOrStudent: { studentId: string }) =>
    db()
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('studentId', '=', userOrStudent.studentId)
      .execute();
  const subscribe = (api: ReturnType<typeof http>, device: TestDevice) =>
    api.post('/api/push/subscription', device.subscription);

  beforeEach(async () => {
    await takeJobs();
  });

  it('answers the VAPID public key and refuses broken subscriptions, naming the field', async () => {
    const trainer = await t.signUp('Carla Personal');
    const key = await trainer.api.get('/api/push/vapid-key');
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ publicKey: vapid.publicKey });
    expect(Buffer.from(vapid.publicKey, 'base64url')).toHaveLength(65);

    const device = push.service.device();
    const { keys } = device.subscription;
    const refused = async (body: unknown, message: string) => {
      const response = await trainer.api.post('/api/push/subscription', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', message });
    };
    await refused(
      { ...device.subscription, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      "Campo 'keys › p256dh' deve ser a chave P-256 do aparelho (65 bytes, base64url)",
    );
    await refused(
      { ...device.subscription, keys: { ...keys, auth: 'curto' } },
      "Campo 'keys › auth' deve ser o segredo do aparelho (16 bytes, base64url)",
    );
    await refused(
      { ...device.subscription, endpoint: device.subscription.endpoint.replace('https:', 'http:') },
      "Campo 'endpoint' deve ser o endereço https do serviço de push",
    );
    expect((await subscribe(trainer.api, device)).statusCode).toBe(201);
  });

  it("a reminder reaches the student's device encrypted, once, however often its job runs", async () => {
    const trainer = await t.signUp('Carla Personal');
    const student = await t.student(trainer, 'Beatriz Lima');
    expect(
      (
        await trainer.api.patch(`/api/students/${student.studentId}`, {
          email: `bia.${Date.now()}@exemplo.com.br`,
        })
      ).statusCode,
    ).toBe(200);
    const phone = push.service.device();
    expect((await subscribe(student.api, phone)).statusCode).toBe(201);
    const booked = await trainer.api.post('/api/sessions', {
      studentId: student.studentId,
      inicio: at(10, '07:00').toISOString(),
      fim: new Date(at(10, '07:00').getTime() + HOUR).toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    await t.project();

    clock = new Date(at(10, '07:00').getTime() - 24 * HOUR + 60_000);
    const sessionReminder = { tenantId: trainer.tenantId, sessionId: booked.json().id as string };
    await run('reminders', 'reminder.send', sessionReminder);
    const jobs = await takeJobs();
    expect(jobs).toHaveLength(1);
    // Two workers on the same job, and a retry after it went out.
    await Promise.all([sendPush(jobs[0]), sendPush(jobs[0])]);
    await sendPush(jobs[0]);
    await run('reminders', 'reminder.send', sessionReminder);
    expect(await takeJobs()).toEqual([]);

    expect(phone.received).toEqual([
      {
        title: 'Lembrete: seu treino amanhã (10/05) às 07:00',
        body:
          'Olá, Beatriz! Lembrete do seu treino com Carla Personal amanhã (10/05) às 07:00. ' +
          'Se não puder comparecer, avise com antecedência.',
        url: '/aluno',
      },
    ]);
    const deliveries = push.service.deliveries.filter((each) =>
      phone.subscription.endpoint.endsWith(each.device),
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].claims).toMatchObject({
      aud: push.service.origin,
      sub: 'mailto:suporte@vira.app.br',
    });
    expect(push.service.refused).toEqual([]);
  });

  it('a busy push service is asked again; a device it forgot (410) is removed', async () => {
    const trainer = await t.signUp('Carla Personal');
    const student = await t.student(trainer, 'Davi Rocha');
    const phone = push.service.device();
    expect((await subscribe(student.api, phone)).statusCode).toBe(201);
    await t.project();
    const notify = (cause: string) =>
      services()
        .port(PushNotifications)
        .notify({ tenantId: trainer.tenantId, studentId: student.studentId }, cause, {
          title: 'Nova cobrança',
          body: 'Mensal 8: R$ 480,00',
          url: '/aluno',
        });

    phone.answerNext(429);
    await notify('teste-1');
    const [busy] = await takeJobs();
    await expect(sendPush(busy)).rejects.toThrow();
    await sendPush(busy);
    expect(phone.received).toEqual([
      { title: 'Nova cobrança', body: 'Mensal 8: R$ 480,00', url: '/aluno' },
    ]);

    phone.answerNext(410);
    await notify('teste-2');
    const [gone] = await takeJobs();
    await sendPush(gone);
    await t.project();
    expect(await subscriptionsOf(student)).toEqual([]);
    await notify('teste-3');
    expect(await takeJobs()).toEqual([]);
  });

  it("a new charge reaches its student's device; its payment, the trainer's", async () => {
    const trainer = await t.signUp('Carla Personal');
    const student = await t.student(trainer, 'Fábio Nunes');
    const phone = push.service.device();
    const laptop = push.service.device();
    expect((await subscribe(student.api, phone)).statusCode).toBe(201);
    expect((await subscribe(trainer.api, laptop)).statusCode).toBe(201);
    const pix = { chave: '529.982.247-25', nomeRecebedor: 'Carla Personal', cidade: 'São Paulo' };
    expect((await trainer.api.put('/api/settings/pix', pix)).statusCode).toBe(200);
    const plan = await trainer.api.post('/api/plans', {
      nome: 'Mensal 8 aulas',
      valor: 480,
      creditos: 8,
    });
    await t.project();
    clock = new Date();
    const charge = await trainer.api.post('/api/charges', {
      studentId: student.studentId,
      planId: plan.json().id as string,
    });
    expect(charge.statusCode).toBe(201);
    await t.project();
    for (const job of await takeJobs()) await sendPush(job);
    expect(phone.received).toEqual([
      {
        title: 'Nova cobrança',
        body: 'Mensal 8 aulas: R$\u00a0480,00. Pague pelo Pix Copia e Cola.',
        url: '/aluno',
      },
    ]);
    expect(laptop.received).toEqual([]);

    const paid = await trainer.api.post(`/api/charges/${charge.json().id as string}/confirm`);
    expect(paid.statusCode).toBe(200);
    await t.project();
    for (const job of await takeJobs()) await sendPush(job);
    expect(laptop.received).toEqual([
      {
        title: 'Pagamento recebido',
        body: 'Uma cobrança de R$\u00a0480,00 foi paga.',
        url: '/financeiro/cobrancas',
      },
    ]);
    expect(phone.received).toHaveLength(1);
  });

  it('unsubscribing stops the pushes; erasing the student deletes their devices', async () => {
    const trainer = await t.signUp('Carla Personal');
    const student = await t.student(trainer, 'Elisa Prado');
    const phone = push.service.device();
    const tablet = push.service.device();
    expect((await subscribe(student.api, phone)).statusCode).toBe(201);
    expect((await subscribe(student.api, tablet)).statusCode).toBe(201);
    await t.project();
    expect(await subscriptionsOf(student)).toHaveLength(2);

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscription',
      headers: { authorization: `Bearer ${student.token}` },
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(off.statusCode).toBe(200);
    await t.project();
    expect(await subscriptionsOf(student)).toHaveLength(1);

    const erased = await trainer.api.post(`/api/students/${student.studentId}/erase`, {
      confirm: 'Elisa Prado',
    });
    expect(erased.statusCode).toBe(200);
    await t.project();
    expect(await subscriptionsOf(student)).toEqual([]);
  });
});

describe('web push off', () => {
  const t = apiFixture();

  it('without VAPID keys the key route answers 404 in pt-BR', async () => {
    const trainer = await t.trainer();
    const response = await trainer.api.get('/api/push/vapid-key');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'push_disabled',
      message: 'Notificações neste aparelho não estão disponíveis neste servidor',
    });
  });
});

/** Two worker processes on the real BullMQ queue: a retried push, and its cause queued again, go out once. */
describe('web push with two workers', () => {
  const push = pushServiceForThisSuite();
  let workers: RunningWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });
  const t = apiFixture(push.env);
  beforeAll(async () => {
    const start = () =>
      startWorkerProcess({
        config: t.config,
        logger: pino({ level: 'silent' }),
        projections: [],
        jobs: new Map([
          [PUSH_QUEUE, new Map(Object.entries(messagingContext.jobs?.[PUSH_QUEUE] ?? {}))],
        ]),
        workerPorts: CONTEXTS.flatMap((context) => context.workerPorts ?? []),
      });
    workers = [await start(), await start()];
  });

  /** Waits until `read` answers true (a bound for a busy machine, not a timing). */
  async function until(read: () => Promise<boolean> | boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await read())) {
      if (Date.now() > deadline) throw new Error(`esperava: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a push the service refused once (429) is retried and arrives once; its cause again sends nothing', async () => {
    const trainer = await t.signUp('Carla Personal');
    const student = await t.student(trainer, 'Gabi Torres');
    const phone = push.service.device();
    expect((await student.api.post('/api/push/subscription', phone.subscription)).statusCode).toBe(
      201,
    );
    await t.project();
    const queue = t.app.get(JobQueues).queue(PUSH_QUEUE);
    const idle = async () =>
      await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'failed');
    const notify = () =>
      workerServicesOf(t.app)
        .port(PushNotifications)
        .notify({ tenantId: trainer.tenantId, studentId: student.studentId }, 'lembrete-1', {
          title: 'Lembrete: seu treino amanhã (10/05) às 07:00',
          body: 'Olá, Gabi!',
          url: '/aluno',
        });
    const deliveries = () =>
      push.service.deliveries.filter((each) => phone.subscription.endpoint.endsWith(each.device));

    phone.answerNext(429);
    await notify();
    await until(() => phone.received.length === 1, 'o push entregue depois do 429');
    await until(
      async () => Object.values(await idle()).every((count) => count === 0),
      'a fila vazia',
    );
    await notify();
    await until(
      async () => Object.values(await idle()).every((count) => count === 0),
      'a fila vazia de novo',
    );

    expect(deliveries().map((each) => each.status)).toEqual([429, 201]);
    expect(phone.received).toEqual([
      { title: 'Lembrete: seu treino amanhã (10/05) às 07:00', body: 'Olá, Gabi!', url: '/aluno' },
    ]);
  });
});
