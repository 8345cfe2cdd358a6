import { randomInt } from 'node:crypto';
import type { http } from '../../../../test/support/api';
import { apiFixture } from '../../../../test/support/api-fixture';
import { freshAddress } from '../../../../test/support/accounts';
import { workerServicesOf } from '../../../../test/support/projections';
import {
  recipientsOf,
  type SmtpCapture,
  startSmtpCapture,
} from '../../../../test/support/smtp-capture';
import { LoopbackCloudApi } from '../../../../test/support/whatsapp-cloud/loopback';
import { CONTEXTS } from '../../contexts';
import { JobQueues } from '../../platform/queue/queue.module';
import { SEND_WHATSAPP, WHATSAPP_QUEUE } from '../application/whatsapp-delivery';
import { TEMPLATES } from '../domain/whatsapp-templates';

const APP_SECRET = 'segredo-do-app-vira-na-meta';
const BAD_VALUE = "Campo 'Receber pelo WhatsApp' deve ser verdadeiro ou falso";

type Client = ReturnType<typeof http>;

/**
 * Issue 59, 'consent first': the student ticks 'Quero receber lembretes e cobranças pelo
 * WhatsApp' where they give their data — accepting the invite, signing a contract, booking on the
 * public page — and the trainer finds the consent on their page with its evidence (how, when, who).
 * A visitor who ticked it gets 'Agendamento público recebido' at the loopback Cloud API.
 */
describe("the student's own WhatsApp opt-in", () => {
  const cloud = new LoopbackCloudApi({ appSecret: APP_SECRET });
  let vira: ReturnType<LoopbackCloudApi['account']>;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    await cloud.start();
    vira = cloud.account();
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await cloud.close();
    await smtp.close();
  });
  const t = apiFixture(() => ({
    SMTP_URL: smtp.url,
    TRUST_PROXY: '127.0.0.1',
    WHATSAPP_GRAPH_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'token-de-verificacao-vira',
    WHATSAPP_PHONE_NUMBER_ID: vira.phoneNumberId,
    WHATSAPP_WABA_ID: vira.wabaId,
    WHATSAPP_ACCESS_TOKEN: vira.accessToken,
  }));
  beforeAll(() => {
    // Meta's reviews of the templates arrive by webhook.
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
    // Every request Vira sent and every webhook posted held by Meta's document.
    expect(cloud.violations).toEqual([]);
  });

  const channelsOf = async (trainer: { api: Client }, studentId: string) => {
    const answer = await trainer.api.get(`/api/students/${studentId}/channels`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const NO_CONSENT = {
    whatsapp: false,
    email: true,
    push: true,
    consentimento: null,
    parado: false,
    naoEntregue: false,
  };
  const consented = (como: string, registradoPor: string) => ({
    ...NO_CONSENT,
    whatsapp: true,
    consentimento: { como, quando: expect.any(String), registradoPor },
  });
  /** The consent was given between `before` and now. */
  const givenSince = (channels: { consentimento: { quando: string } }, before: number) => {
    const quando = Date.parse(channels.consentimento.quando);
    expect(quando).toBeGreaterThanOrEqual(before - 1_000);
    expect(quando).toBeLessThanOrEqual(Date.now());
  };

  describe('accepting the invite', () => {
    async function invited(trainer: { api: Client }) {
      const created = await trainer.api.post('/api/students', {
        nome: 'Marina Costa',
        whatsapp: '11987650001',
      });
      expect(created.statusCode).toBe(201);
      const studentId = created.json().id as string;
      await t.project();
      const invite = await trainer.api.post('/api/invites', { studentId });
      expect(invite.statusCode).toBe(201);
      const accept = (body: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/invites/${invite.json().token as string}/accept`,
          payload: {
            nome: 'Marina Costa',
            email: `marina.${process.pid}.${Date.now()}.${randomInt(1e6)}@exemplo.com.br`,
            password: 'segredo1',
            ...body,
          },
          remoteAddress: freshAddress(),
        });
      return { studentId, accept };
    }

    it("with the box ticked records 'Aceitou o convite' by the student's own account", async () => {
      const trainer = await t.signUp('Carla Personal');
      const { studentId, accept } = await invited(trainer);
      const before = Date.now();
      const accepted = await accept({ whatsapp: true });
      expect(accepted.statusCode).toBe(201);
      await t.project();
      const channels = await channelsOf(trainer, studentId);
      expect(channels).toEqual(consented('Aceitou o convite', accepted.json().id));
      givenSince(channels, before);
    });

    it('without it records none; a bad value is a 400 naming the field, and nothing changes', async () => {
      const trainer = await t.signUp('Carla Personal');
      const { studentId, accept } = await invited(trainer);
      const before = await t.countEvents(trainer.tenantId);
      const bad = await accept({ whatsapp: 'sim' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: BAD_VALUE });
      expect(await t.countEvents(trainer.tenantId)).toBe(before);

      expect((await accept({ whatsapp: false })).statusCode).toBe(201);
      await t.project();
      expect(await channelsOf(trainer, studentId)).toEqual(NO_CONSENT);
    });
  });

  describe('signing a contract', () => {
    const signBody = {
      cpf: '529.982.247-25',
      telefone: '(11) 98765-4321',
      consentDataProcessing: true,
      consentTerms: true,
    };
    async function contractToSign() {
      const trainer = await t.signUp('Carla Personal');
      const created = await trainer.api.post('/api/contracts', {
        titulo: 'Termo de adesão',
        conteudo: 'Eu, {{nome}}, contrato {{personal}} em {{data}}.',
      });
      expect(created.statusCode).toBe(201);
      const student = await t.student(trainer, 'Beatriz Lima');
      const sign = (body: Record<string, unknown>) =>
        student.api.post(`/api/contracts/${created.json().id as string}/sign`, {
          ...signBody,
          ...body,
        });
      return { trainer, student, sign };
    }

    it("with the box ticked records 'Assinou o contrato' by the student's own account", async () => {
      const { trainer, student, sign } = await contractToSign();
      const before = Date.now();
      expect((await sign({ whatsapp: true })).statusCode).toBe(201);
      await t.project();
      const me = (await student.api.get('/api/me')).json();
      const channels = await channelsOf(trainer, student.studentId);
      expect(channels).toEqual(consented('Assinou o contrato', me.id));
      givenSince(channels, before);
    });

    it('without it records none; a bad value is a 400 naming the field, and nothing changes', async () => {
      const { trainer, student, sign } = await contractToSign();
      await t.project();
      const before = await t.countEvents(trainer.tenantId);
      const bad = await sign({ whatsapp: 'sim' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: BAD_VALUE });
      expect(await t.countEvents(trainer.tenantId)).toBe(before);

      expect((await sign({})).statusCode).toBe(201);
      await t.project();
      expect(await channelsOf(trainer, student.studentId)).toEqual(NO_CONSENT);
    });
  });

  describe('booking on the public page', () => {
    const queue = () => t.app.get(JobQueues).queue(WHATSAPP_QUEUE);
    /** The tenant's WhatsApp sends waiting in the queue, taken off it as a worker takes them. */
    const takeSends = async (tenantId: string) => {
      const jobs = (await queue().getJobs(['waiting', 'delayed', 'prioritized'])).filter(
        (job) => job.name === SEND_WHATSAPP && job.data.tenantId === tenantId,
      );
      for (const job of jobs) await job.remove();
      return jobs.map((job): unknown => job.data);
    };
    const sendWhatsApp = (data: unknown) => {
      const [handler] = CONTEXTS.flatMap(
        (context) => context.jobs?.[WHATSAPP_QUEUE]?.[SEND_WHATSAPP] ?? [],
      );
      return handler(data, workerServicesOf(t.app));
    };

    /** A trainer whose public page is on, with a location; on the platform's number when told. */
    async function openPage({ whatsApp = false } = {}) {
      const trainer = await t.signUp('Carla Personal');
      if (whatsApp) {
        expect((await trainer.api.put('/api/settings/whatsapp', { modo: 'vira' })).statusCode).toBe(
          200,
        );
        await t.project();
        await cloud.approveAll(vira.wabaId);
        await t.project();
      }
      const settings = (await trainer.api.get('/api/settings/public-link')).json();
      const on = await trainer.api.put('/api/settings/public-link', { ...settings, enabled: true });
      expect(on.statusCode).toBe(200);
      const location = await trainer.api.post('/api/locations', { nome: 'Academia Centro' });
      expect(location.statusCode).toBe(201);
      await t.project();
      const slug = trainer.login.user.tenantSlug as string;
      const locationId = location.json().id as string;
      const address = freshAddress();
      const slots = await t.app.inject({
        method: 'GET',
        url: `/api/public/${slug}/locations/${locationId}/slots`,
        remoteAddress: address,
      });
      expect(slots.statusCode).toBe(200);
      const [first] = slots.json().items as { inicio: string }[];
      const telefone = `119${String(randomInt(1e8)).padStart(8, '0')}`;
      const book = (body: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/${slug}/bookings`,
          payload: { locationId, inicio: first.inicio, nome: 'Joana Alves', telefone, ...body },
          remoteAddress: address,
        });
      /** The student the visitor became (found by their phone). */
      const visitorStudent = async (): Promise<string> => {
        const { items } = (await trainer.api.get('/api/students')).json();
        const found = (items as { id: string; nome: string }[]).find(
          (student) => student.nome === 'Joana Alves',
        );
        expect(found).toBeDefined();
        return found?.id ?? '';
      };
      return { trainer, book, visitorStudent, number: `55${telefone}` };
    }

    it("with the box ticked records 'Agendamento público' by the visitor ('aluno')", async () => {
      const { trainer, book, visitorStudent } = await openPage();
      const before = Date.now();
      expect((await book({ whatsapp: true })).statusCode).toBe(201);
      await t.project();
      const channels = await channelsOf(trainer, await visitorStudent());
      expect(channels).toEqual(consented('Agendamento público', 'aluno'));
      givenSince(channels, before);
    });

    it('without it records none; a bad value is a 400 naming the field, and nothing changes', async () => {
      const { trainer, book, visitorStudent } = await openPage();
      const before = await t.countEvents(trainer.tenantId);
      const bad = await book({ whatsapp: 'sim' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: BAD_VALUE });
      expect(await t.countEvents(trainer.tenantId)).toBe(before);

      expect((await book({})).statusCode).toBe(201);
      await t.project();
      expect(await channelsOf(trainer, await visitorStudent())).toEqual(NO_CONSENT);
    });

    it("sends the visitor 'Agendamento público recebido' once when the trainer's WhatsApp is on", async () => {
      const { trainer, book, number } = await openPage({ whatsApp: true });
      expect((await book({ whatsapp: true })).statusCode).toBe(201);
      await t.project();
      const sends = await takeSends(trainer.tenantId);
      expect(sends).toHaveLength(1);
      await sendWhatsApp(sends[0]);
      await sendWhatsApp(sends[0]);
      await t.project();
      expect(await takeSends(trainer.tenantId)).toEqual([]);

      const sent = cloud.messagesTo(number);
      expect(sent).toHaveLength(1);
      expect(sent[0].body).toMatchObject({
        type: 'template',
        template: {
          name: TEMPLATES.agendamentoPublico.nome,
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Joana' },
                { type: 'text', text: 'Carla Personal' },
                { type: 'text', text: expect.stringMatching(/^(hoje|amanhã|em) .*\d\d:\d\d$/) },
              ],
            },
          ],
        },
      });
    });

    it('a visitor WhatsApp cannot reach (and who gave no e-mail) is not lost: their trainer is told by e-mail', async () => {
      const { trainer, book, number } = await openPage({ whatsApp: true });
      expect((await book({ whatsapp: true })).statusCode).toBe(201);
      await t.project();
      const [send] = await takeSends(trainer.tenantId);
      cloud.failNextSend({ code: 131026, to: number });
      await sendWhatsApp(send);

      expect(cloud.messagesTo(number)).toEqual([]);
      const told = smtp.messages.filter(
        (mail) =>
          recipientsOf(mail).includes(String(trainer.body.email).toLowerCase()) &&
          mail.subject?.includes('WhatsApp'),
      );
      expect(told.map((mail) => mail.subject)).toEqual([
        'Não foi possível avisar Joana pelo WhatsApp',
      ]);
      expect(told[0].text).toContain('Joana Alves agendou pela sua página pública');
    });

    it('sends nothing to a visitor who did not tick the box', async () => {
      const { trainer, book, number } = await openPage({ whatsApp: true });
      expect((await book({})).statusCode).toBe(201);
      await t.project();
      expect(await takeSends(trainer.tenantId)).toEqual([]);
      expect(cloud.messagesTo(number)).toEqual([]);
    });
  });
});
