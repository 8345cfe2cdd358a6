import type { ParsedMail } from 'mailparser';
import { CONTEXTS } from '../../../backend/src/contexts';
import {
  SEND_WHATSAPP,
  WHATSAPP_QUEUE,
} from '../../../backend/src/messaging/application/whatsapp-delivery';
import { JobQueues } from '../../../backend/src/platform/queue/queue.module';
import type { http } from '../api';
import { apiFixture } from '../api-fixture';
import { workerServicesOf } from '../projections';
import { recipientsOf, type SmtpCapture, startSmtpCapture } from '../smtp-capture';
import { type LoopbackAccount, LoopbackCloudApi } from './loopback';

export const APP_SECRET = 'segredo-do-app-vira-na-meta';
export const VERIFY_TOKEN = 'token-de-verificacao-vira';

/**
 * The app of a describe block sending WhatsApp through the loopback Cloud API on 'Número do Vira'
 * (its webhooks posted back to the app, signed), with a real SMTP server for the e-mails that go
 * instead; after each test, every request and webhook must have held by Meta's document. `env`
 * adds to the app's environment. The queue 'whatsapp' is worked by hand: `takeJobs` takes what
 * waits, `run` runs a job's data through its handler as a worker does, on the test's `clock`.
 */
export function whatsAppSuite(env: () => NodeJS.ProcessEnv = () => ({})) {
  const cloud = new LoopbackCloudApi({ appSecret: APP_SECRET });
  const suite = {
    cloud,
    vira: undefined as unknown as LoopbackAccount,
    smtp: undefined as unknown as SmtpCapture,
    /** The worker's clock in the jobs run by `run`. */
    clock: new Date(),
  };
  beforeAll(async () => {
    await cloud.start();
    suite.vira = cloud.account();
    suite.smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await cloud.close();
    await suite.smtp.close();
  });
  const t = apiFixture(() => ({
    SMTP_URL: suite.smtp.url,
    WHATSAPP_GRAPH_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: suite.vira.phoneNumberId,
    WHATSAPP_WABA_ID: suite.vira.wabaId,
    WHATSAPP_ACCESS_TOKEN: suite.vira.accessToken,
    ...env(),
  }));
  beforeAll(() => {
    cloud.sendWebhooksTo(async ({ rawBody, headers }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        payload: rawBody,
        headers,
      });
      return response.statusCode;
    });
  });
  afterEach(() => {
    expect(cloud.violations).toEqual([]);
  });

  const services = () => workerServicesOf(t.app, () => suite.clock);
  const queue = () => t.app.get(JobQueues).queue(WHATSAPP_QUEUE);
  /** The jobs waiting in the queue (of one name, if given), taken off it as a worker takes them. */
  const takeJobs = async (name?: string) => {
    const jobs = (await queue().getJobs(['waiting', 'delayed', 'prioritized'])).filter(
      (job) => !name || job.name === name,
    );
    for (const job of jobs) await job.remove();
    return jobs.map((job): unknown => job.data);
  };
  const run = (queueName: string, jobName: string, data: unknown) => {
    const handler = CONTEXTS.flatMap((context) => context.jobs?.[queueName]?.[jobName] ?? [])[0];
    return handler(data, services());
  };
  const sendWhatsApp = (data: unknown) => run(WHATSAPP_QUEUE, SEND_WHATSAPP, data);
  beforeEach(async () => {
    await takeJobs();
  });

  /** A trainer on the platform's number with every template approved. */
  async function trainerOnViraNumber(nome = 'Carla Personal') {
    const trainer = await t.signUp(nome);
    const saved = await trainer.api.put('/api/settings/whatsapp', { modo: 'vira' });
    expect(saved.statusCode).toBe(200);
    // Meta reviews a template minutes after it is created: the account is in the read models by then.
    await t.project();
    await cloud.approveAll(suite.vira.wabaId);
    await t.project();
    return trainer;
  }

  let phones = 0;
  /**
   * A student of `trainer` with a WhatsApp number who agreed to WhatsApp, and an e-mail unless
   * `withEmail` is false.
   */
  async function consentingStudent(
    trainer: { api: ReturnType<typeof http> },
    nome: string,
    { withEmail = true } = {},
  ) {
    phones += 1;
    const whatsapp = `(11) 9${String(70_000_000 + phones).padStart(8, '0')}`;
    const email = withEmail ? `aluno.${Date.now()}.${phones}@exemplo.com.br` : null;
    const created = await trainer.api.post('/api/students', {
      nome,
      whatsapp,
      ...(email && { email }),
    });
    expect(created.statusCode).toBe(201);
    const studentId = created.json().id as string;
    const channels = await trainer.api.put(`/api/students/${studentId}/channels`, {
      whatsapp: true,
      email: withEmail,
      push: true,
      consentimento: {
        como: 'Pediu por mensagem no WhatsApp',
        quando: '2030-05-01T10:00:00-03:00',
      },
    });
    expect(channels.statusCode).toBe(200);
    return { studentId, email, number: `55${whatsapp.replace(/\D/g, '')}` };
  }

  /** The e-mails sent to `email` (none to a student without one). */
  const mailsTo = (email: string | null): ParsedMail[] =>
    email
      ? suite.smtp.messages.filter((mail) => recipientsOf(mail).includes(email.toLowerCase()))
      : [];

  return Object.assign(suite, {
    t,
    services,
    queue,
    takeJobs,
    run,
    sendWhatsApp,
    trainerOnViraNumber,
    consentingStudent,
    mailsTo,
  });
}
