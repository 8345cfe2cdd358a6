import pino from 'pino';
import { apiFixture } from '../../../../test/support/api-fixture';
import type { http } from '../../../../test/support/api';
import { workerServicesOf } from '../../../../test/support/projections';
import { pushServiceForThisSuite } from '../../../../test/support/push-service';
import {
  type LoopbackAccount,
  LoopbackCloudApi,
} from '../../../../test/support/whatsapp-cloud/loopback';
import {
  APP_SECRET,
  VERIFY_TOKEN,
  whatsAppSuite,
} from '../../../../test/support/whatsapp-cloud/suite';
import { CONTEXTS } from '../../contexts';
import { WhatsAppMessages } from '../../contracts/messaging/ports';
import { sessionReminderAnswerEvents } from '../../contracts/scheduling/events';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { readStreamOf } from '../../platform/event-store/event-store';
import { JobQueues } from '../../platform/queue/queue.module';
import { type RunningWorker, startWorkerProcess } from '../../platform/queue/worker-process';
import { PUSH_QUEUE, SEND_PUSH } from '../application/push-delivery';
import { SEND_WHATSAPP, WHATSAPP_FALLBACK, WHATSAPP_QUEUE } from '../application/whatsapp-delivery';
import { TEMPLATE_LIST, TEMPLATES } from '../domain/whatsapp-templates';
import { messagingContext } from '../messaging.context';
import { pushNoticesProcessManager } from '../process-managers/push-notices';

const at = (day: number, time: string) =>
  new Date(`2030-05-${String(day).padStart(2, '0')}T${time}:00-03:00`);
const HOUR = 3_600_000;

/**
 * Issue 59: WhatsApp through the loopback Cloud API, which checks every request Vira sends and
 * every webhook it posts against Meta's published document, on the real PostgreSQL, Redis, BullMQ
 * queue and an SMTP server.
 */
describe('whatsapp', () => {
  const push = pushServiceForThisSuite();
  const suite = whatsAppSuite(push.env);
  const { cloud, t, takeJobs, run, sendWhatsApp, trainerOnViraNumber, consentingStudent, mailsTo } =
    suite;
  const db = () => t.app.get<Db>(DATABASE);

  /** A session booked for 10/05 at `time` (07:00) and its reminder due (a minute past the lead time). */
  async function bookAndReachLeadTime(
    trainer: { api: ReturnType<typeof http> },
    studentId: string,
    time = '07:00',
  ) {
    const booked = await trainer.api.post('/api/sessions', {
      studentId,
      inicio: at(10, time).toISOString(),
      fim: new Date(at(10, time).getTime() + HOUR).toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    await t.project();
    suite.clock = new Date(at(10, time).getTime() - 24 * HOUR + 60_000);
    return booked.json().id as string;
  }

  const messageOf = (sessionId: string) =>
    db()
      .selectFrom('whatsappMessages')
      .select(['estado', 'erroCodigo', 'porEmail', 'wamid'])
      .where('sessionId', '=', sessionId)
      .executeTakeFirst();

  it('answers the verification handshake only with the verify token', async () => {
    const handshake = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await handshake(VERIFY_TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    expect((await handshake('outro-token-qualquer')).statusCode).toBe(403);
  });

  it("connects the trainer's own number, creating the UTILITY templates; says in pt-BR what failed", async () => {
    const trainer = await t.signUp('Carla Personal');
    const own = cloud.account();
    const body = {
      modo: 'proprio',
      phoneNumberId: own.phoneNumberId,
      wabaId: own.wabaId,
      accessToken: own.accessToken,
    };
    const test = async (overrides: Record<string, string>) =>
      (await trainer.api.post('/api/settings/whatsapp/test', { ...body, ...overrides })).json();
    expect(await test({ accessToken: 'EAAGtokenquenaoexistenaMeta' })).toEqual({
      ok: false,
      message: 'Token de acesso inválido ou expirado: gere um novo token no Meta Business Suite',
    });
    expect(await test({ phoneNumberId: '1234567890' })).toEqual({
      ok: false,
      message:
        'Número não encontrado: confira o ID do número de telefone e se o token tem acesso a ele',
    });
    const limited = cloud.account({ withoutPermission: true });
    expect(
      await test({
        phoneNumberId: limited.phoneNumberId,
        wabaId: limited.wabaId,
        accessToken: limited.accessToken,
      }),
    ).toEqual({
      ok: false,
      message:
        'O token não tem as permissões whatsapp_business_messaging e whatsapp_business_management',
    });
    expect(await test({})).toEqual({
      ok: true,
      message: `Conexão funcionando: número ${own.displayPhoneNumber} (Vira)`,
    });

    const refused = await trainer.api.put('/api/settings/whatsapp', {
      ...body,
      accessToken: 'EAAGtokenquenaoexistenaMeta',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'whatsapp_connection_failed' });
    const missing = await trainer.api.put('/api/settings/whatsapp', {
      modo: 'proprio',
      wabaId: own.wabaId,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('ID do número de telefone');

    expect((await trainer.api.put('/api/settings/whatsapp', body)).statusCode).toBe(200);
    expect(
      cloud.templatesOf(own.wabaId).map((each) => [each.name, each.language, each.category]),
    ).toEqual(TEMPLATE_LIST.map((each) => [each.nome, 'pt_BR', 'UTILITY']));
    const settings = (await trainer.api.get('/api/settings/whatsapp')).json();
    expect(settings).toMatchObject({
      modo: 'proprio',
      phoneNumberId: own.phoneNumberId,
      wabaId: own.wabaId,
      tokenSalvo: true,
      numeroDoViraDisponivel: true,
    });
    expect(JSON.stringify(settings)).not.toContain(own.accessToken);
    expect(settings.modelos.map((each: { status: string }) => each.status)).toEqual(
      TEMPLATE_LIST.map(() => 'PENDING'),
    );
    const sealed = await db().selectFrom('whatsappCredentials').select('accessToken').execute();
    expect(sealed.map((row) => row.accessToken).join()).not.toContain(own.accessToken);

    // Meta's reviews arrive by webhook (minutes later: the account is in the read models by then);
    // saving again (the token kept) recreates nothing.
    await t.project();
    expect(await cloud.approve(own.wabaId, TEMPLATES.lembrete.nome)).toBe(200);
    expect(await cloud.reject(own.wabaId, TEMPLATES.novaCobranca.nome)).toBe(200);
    const { accessToken: _kept, ...withoutToken } = body;
    expect((await trainer.api.put('/api/settings/whatsapp', withoutToken)).statusCode).toBe(200);
    expect(cloud.templatesOf(own.wabaId)).toHaveLength(TEMPLATE_LIST.length);
    const reviewed = (await trainer.api.get('/api/settings/whatsapp')).json();
    const statusOf = (nome: string) =>
      reviewed.modelos.find((each: { nome: string }) => each.nome === nome).status as string;
    expect(statusOf(TEMPLATES.lembrete.nome)).toBe('APPROVED');
    expect(statusOf(TEMPLATES.novaCobranca.nome)).toBe('REJECTED');
    expect(
      reviewed.modelos.find((each: { nome: string }) => each.nome === TEMPLATES.novaCobranca.nome),
    ).toMatchObject({ motivo: 'INVALID_FORMAT' });
    expect(statusOf(TEMPLATES.horarioAlterado.nome)).toBe('PENDING');
  });

  it('two trainers connecting one business account at once both connect; its templates are made once', async () => {
    const shared = cloud.account();
    const body = {
      modo: 'proprio',
      phoneNumberId: shared.phoneNumberId,
      wabaId: shared.wabaId,
      accessToken: shared.accessToken,
    };
    const [ana, bia] = await Promise.all([t.signUp('Ana Personal'), t.signUp('Bia Personal')]);
    const answers = await Promise.all(
      [ana, bia].map((trainer) => trainer.api.put('/api/settings/whatsapp', body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const trainer of [ana, bia])
      expect(
        (
          (await trainer.api.get('/api/settings/whatsapp')).json().modelos as {
            status: string | null;
          }[]
        ).every((modelo) => modelo.status !== null),
      ).toBe(true);
    const made = cloud.templatesOf(shared.wabaId).map((template) => template.name);
    expect(made.sort()).toEqual(TEMPLATE_LIST.map((template) => template.nome).sort());
  });

  it('records consent only with its evidence; another tenant’s student is 404', async () => {
    const trainer = await t.signUp('Carla Personal');
    const other = await t.signUp('Outro Personal');
    const created = await trainer.api.post('/api/students', {
      nome: 'Ana Dias',
      whatsapp: '11987654321',
    });
    const studentId = created.json().id as string;
    const noConsent = await trainer.api.put(`/api/students/${studentId}/channels`, {
      whatsapp: true,
      email: true,
      push: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toContain('concordou em receber mensagens pelo WhatsApp');
    const foreign = await other.api.put(`/api/students/${studentId}/channels`, {
      whatsapp: false,
      email: true,
      push: true,
    });
    expect(foreign.statusCode).toBe(404);
    const quando = '2030-05-01T10:00:00-03:00';
    const given = await trainer.api.put(`/api/students/${studentId}/channels`, {
      whatsapp: true,
      email: false,
      push: false,
      consentimento: { como: 'Assinou o termo na academia', quando },
    });
    expect(given.statusCode).toBe(200);
    await t.project();
    const channels = (await trainer.api.get(`/api/students/${studentId}/channels`)).json();
    expect(channels).toEqual({
      whatsapp: true,
      email: false,
      push: false,
      consentimento: {
        como: 'Assinou o termo na academia',
        quando: new Date(quando).toISOString(),
        registradoPor: expect.any(String),
      },
      parado: false,
      naoEntregue: false,
    });
  });

  it('a reminder goes once by WhatsApp however often its job runs; statuses are recorded, a replay changes nothing', async () => {
    const trainer = await trainerOnViraNumber();
    const bia = await consentingStudent(trainer, 'Beatriz Lima');
    const sessionId = await bookAndReachLeadTime(trainer, bia.studentId);

    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    const jobs = await takeJobs(SEND_WHATSAPP);
    expect(jobs).toHaveLength(1);
    await Promise.all([sendWhatsApp(jobs[0]), sendWhatsApp(jobs[0])]);
    await sendWhatsApp(jobs[0]);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    expect(await takeJobs(SEND_WHATSAPP)).toEqual([]);

    const sent = cloud.messagesTo(bia.number);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      type: 'template',
      template: {
        name: TEMPLATES.lembrete.nome,
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Beatriz' },
              { type: 'text', text: 'Carla Personal' },
              { type: 'text', text: 'amanhã (10/05) às 07:00' },
              { type: 'text', text: 'a combinar' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0' },
          { type: 'button', sub_type: 'quick_reply', index: '1' },
        ],
      },
    });
    expect(mailsTo(bia.email)).toEqual([]);
    await t.project();
    expect(await messageOf(sessionId)).toMatchObject({ estado: 'enviado', wamid: sent[0].wamid });

    expect(await cloud.deliver(sent[0].wamid)).toBe(200);
    expect(await cloud.read(sent[0].wamid)).toBe(200);
    await t.project();
    expect(await messageOf(sessionId)).toMatchObject({ estado: 'lido' });
    const before = await t.countEvents();
    const readWebhook = cloud.webhooks.at(-1);
    expect(await cloud.postRaw(JSON.stringify(readWebhook?.body))).toBe(200);
    expect(await cloud.deliver(sent[0].wamid)).toBe(200);
    expect(await t.countEvents()).toBe(before);
  });

  it("'Confirmo' marks the session confirmed by the student; 'Preciso remarcar' asks the trainer to reschedule", async () => {
    const trainer = await trainerOnViraNumber();
    const joana = await consentingStudent(trainer, 'Joana Alves');
    const sessionId = await bookAndReachLeadTime(trainer, joana.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    for (const job of await takeJobs(SEND_WHATSAPP)) await sendWhatsApp(job);
    const [message] = cloud.messagesTo(joana.number);
    const sessionOf = async () => {
      const day = await trainer.api.get(
        `/api/sessions?from=${at(10, '00:00').toISOString()}&to=${at(11, '00:00').toISOString()}`,
      );
      return (day.json().items as { id: string }[]).find((each) => each.id === sessionId);
    };
    await cloud.deliver(message.wamid);
    await t.project();
    expect(await sessionOf()).toMatchObject({
      confirmadoPeloAluno: false,
      remarcarPedido: false,
      lembrete: { canal: 'whatsapp', estado: 'entregue' },
    });

    expect(await cloud.replyWithButton(message.wamid, 'Confirmo')).toBe(200);
    await t.project();
    expect(await sessionOf()).toMatchObject({ confirmadoPeloAluno: true, remarcarPedido: false });
    // The same answer delivered again changes nothing.
    const before = await t.countEvents();
    expect(await cloud.postRaw(JSON.stringify(cloud.webhooks.at(-1)?.body))).toBe(200);
    await t.project();
    expect(await t.countEvents()).toBe(before);

    expect(await cloud.replyWithButton(message.wamid, 'Preciso remarcar')).toBe(200);
    await t.project();
    expect(await sessionOf()).toMatchObject({ confirmadoPeloAluno: false, remarcarPedido: true });
    const dashboard = (await trainer.api.get('/api/dashboard')).json();
    expect(dashboard.pedidosRemarcar).toEqual([
      { id: sessionId, inicio: at(10, '07:00').toISOString(), studentNome: 'Joana Alves' },
    ]);

    // Moved to another time, the request is answered and the student is asked again.
    const moved = await trainer.api.patch(`/api/sessions/${sessionId}`, {
      inicio: at(10, '09:00').toISOString(),
      fim: at(10, '10:00').toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    await t.project();
    expect(await sessionOf()).toMatchObject({ confirmadoPeloAluno: false, remarcarPedido: false });
    expect((await trainer.api.get('/api/dashboard')).json().pedidosRemarcar).toEqual([]);
  });

  it("'Preciso remarcar' pushes 'Aluno pediu para remarcar' to the trainer's device once, opening the agenda on that day", async () => {
    const trainer = await trainerOnViraNumber();
    const laptop = push.service.device();
    expect((await trainer.api.post('/api/push/subscription', laptop.subscription)).statusCode).toBe(
      201,
    );
    const joana = await consentingStudent(trainer, 'Joana Alves');
    const sessionId = await bookAndReachLeadTime(trainer, joana.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    for (const job of await takeJobs(SEND_WHATSAPP)) await sendWhatsApp(job);
    const [reminder] = cloud.messagesTo(joana.number);
    /** The pushes waiting, sent as a worker would. */
    const sendPushes = async () => {
      const jobs = await t.app.get(JobQueues).queue(PUSH_QUEUE).getJobs(['waiting', 'delayed']);
      for (const job of jobs) {
        await job.remove();
        await run(PUSH_QUEUE, SEND_PUSH, job.data);
      }
    };

    expect(await cloud.replyWithButton(reminder.wamid, 'Preciso remarcar')).toBe(200);
    await t.project();
    await sendPushes();
    expect(laptop.received).toEqual([
      {
        title: 'Aluno pediu para remarcar',
        body: 'Joana pediu para remarcar a sessão de 10/05 às 07:00.',
        url: '/agenda?modo=dia&data=2030-05-10',
      },
    ]);

    // Tapped again, the webhook replayed, the request handled again: still one push.
    expect(await cloud.replyWithButton(reminder.wamid, 'Preciso remarcar')).toBe(200);
    expect(await cloud.postRaw(JSON.stringify(cloud.webhooks.at(-1)?.body))).toBe(200);
    await t.project();
    const requests = await readStreamOf(
      db(),
      trainer.tenantId,
      sessionId,
      sessionReminderAnswerEvents,
    );
    expect(requests.map((event) => event.eventType)).toEqual(['SessionRescheduleRequested']);
    await pushNoticesProcessManager.handle(requests, suite.services());
    await sendPushes();
    expect(laptop.received).toHaveLength(1);
  });

  it('a student without an e-mail gets the reminder by WhatsApp; failing there, it is recorded and nothing else goes', async () => {
    const trainer = await trainerOnViraNumber();
    const iago = await consentingStudent(trainer, 'Iago Souza', { withEmail: false });
    const lara = await consentingStudent(trainer, 'Lara Mendes', { withEmail: false });
    const sessions = [
      await bookAndReachLeadTime(trainer, iago.studentId),
      await bookAndReachLeadTime(trainer, lara.studentId, '08:00'),
    ];
    const before = suite.smtp.messages.length;
    for (const sessionId of sessions)
      await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    const jobs = await takeJobs(SEND_WHATSAPP);
    expect(jobs).toHaveLength(2);
    cloud.failNextSend({ code: 131026, to: lara.number });
    for (const job of jobs) await sendWhatsApp(job);
    await t.project();

    const [toIago] = cloud.messagesTo(iago.number);
    expect(toIago.body).toMatchObject({ template: { name: TEMPLATES.lembrete.nome } });
    expect(await messageOf(sessions[0])).toMatchObject({ estado: 'enviado', wamid: toIago.wamid });
    expect(cloud.messagesTo(lara.number)).toEqual([]);
    expect(await messageOf(sessions[1])).toMatchObject({
      estado: 'falhou',
      erroCodigo: 131026,
      porEmail: false,
    });
    const day = await trainer.api.get(
      `/api/sessions?from=${at(10, '00:00').toISOString()}&to=${at(11, '00:00').toISOString()}`,
    );
    expect(
      (day.json().items as { id: string; lembrete: unknown }[])
        .filter((session) => sessions.includes(session.id))
        .map((session) => session.lembrete),
    ).toEqual([
      { canal: 'whatsapp', estado: 'enviado' },
      { canal: 'whatsapp', estado: 'falhou' },
    ]);
    expect(suite.smtp.messages.length).toBe(before);
  });

  it('a forged signature is 401 and changes nothing', async () => {
    const trainer = await trainerOnViraNumber();
    const caio = await consentingStudent(trainer, 'Caio Prado');
    await t.project();
    const before = await t.countEvents();
    const parar = {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: suite.vira.displayPhoneNumber,
        phone_number_id: suite.vira.phoneNumberId,
      },
      contacts: [{ profile: { name: 'Caio' }, wa_id: caio.number }],
      messages: [
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: suite.vira.displayPhoneNumber,
          from: caio.number,
          id: 'wamid.forjada',
          timestamp: '1750000000',
          type: 'text',
          text: { body: 'PARAR' },
        },
      ],
    };
    expect(
      await cloud.postWebhook(suite.vira, 'messages', parar, 'segredo-errado-do-atacante'),
    ).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: { object: 'whatsapp_business_account', entry: [] },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.countEvents()).toBe(before);
    await t.project();
    expect(
      (await trainer.api.get(`/api/students/${caio.studentId}/channels`)).json(),
    ).toMatchObject({
      whatsapp: true,
      parado: false,
    });
  });

  it("'PARAR' stops WhatsApp at once: the next reminder goes by e-mail", async () => {
    const trainer = await trainerOnViraNumber();
    const davi = await consentingStudent(trainer, 'Davi Rocha');
    await t.project();
    expect(await cloud.text(suite.vira.phoneNumberId, davi.number, 'PARAR')).toBe(200);
    await t.project();
    expect(
      (await trainer.api.get(`/api/students/${davi.studentId}/channels`)).json(),
    ).toMatchObject({
      whatsapp: false,
      consentimento: null,
      parado: true,
    });
    const sessionId = await bookAndReachLeadTime(trainer, davi.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    expect(await takeJobs(SEND_WHATSAPP)).toEqual([]);
    expect(cloud.messagesTo(davi.number)).toEqual([]);
    expect(mailsTo(davi.email).map((mail) => mail.subject)).toEqual([
      'Lembrete: seu treino amanhã (10/05) às 07:00',
    ]);
  });

  it('Meta asking to slow down (429, 130429) is backed off and retried; the reminder still goes once', async () => {
    const trainer = await trainerOnViraNumber();
    const elisa = await consentingStudent(trainer, 'Elisa Prado');
    const sessionId = await bookAndReachLeadTime(trainer, elisa.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    const [job] = await takeJobs(SEND_WHATSAPP);
    cloud.failNextSend({ code: 130429, to: elisa.number });
    await expect(sendWhatsApp(job)).rejects.toThrow('Rate limit hit');
    expect(
      await db()
        .selectFrom('whatsappDeliveries')
        .select('cause')
        .where('studentId', '=', elisa.studentId)
        .execute(),
    ).toEqual([]);
    await sendWhatsApp(job);
    await sendWhatsApp(job);
    const toElisa = cloud.requests.filter((each) => each.path.endsWith('/messages')).slice(-2);
    expect(toElisa.map((each) => each.status)).toEqual([429, 200]);
    expect(cloud.messagesTo(elisa.number)).toHaveLength(1);
    expect(mailsTo(elisa.email)).toEqual([]);
  });

  it("an undeliverable number (131026) is marked 'não entregue' and the reminder goes by e-mail", async () => {
    const trainer = await trainerOnViraNumber();
    const fabio = await consentingStudent(trainer, 'Fábio Nunes');
    const sessionId = await bookAndReachLeadTime(trainer, fabio.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    const [job] = await takeJobs(SEND_WHATSAPP);
    await sendWhatsApp(job);
    const [message] = cloud.messagesTo(fabio.number);
    expect(await cloud.fail(message.wamid, 131026)).toBe(200);
    const fallbacks = await takeJobs(WHATSAPP_FALLBACK);
    expect(fallbacks).toHaveLength(1);
    await run(WHATSAPP_QUEUE, WHATSAPP_FALLBACK, fallbacks[0]);
    await run(WHATSAPP_QUEUE, WHATSAPP_FALLBACK, fallbacks[0]);
    // Meta delivering the failure twice queues nothing that sends twice.
    expect(await cloud.fail(message.wamid, 131026)).toBe(200);
    for (const again of await takeJobs(WHATSAPP_FALLBACK))
      await run(WHATSAPP_QUEUE, WHATSAPP_FALLBACK, again);
    await t.project();
    expect(mailsTo(fabio.email).map((mail) => mail.subject)).toEqual([
      'Lembrete: seu treino amanhã (10/05) às 07:00',
    ]);
    expect(await messageOf(sessionId)).toMatchObject({
      estado: 'falhou',
      erroCodigo: 131026,
      porEmail: true,
    });
    expect(
      (await trainer.api.get(`/api/students/${fabio.studentId}/channels`)).json(),
    ).toMatchObject({
      naoEntregue: true,
    });
  });

  it('a number Meta refuses when sending falls back to e-mail at once', async () => {
    const trainer = await trainerOnViraNumber();
    const gabi = await consentingStudent(trainer, 'Gabi Torres');
    const sessionId = await bookAndReachLeadTime(trainer, gabi.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    const [job] = await takeJobs(SEND_WHATSAPP);
    cloud.failNextSend({ code: 131026, to: gabi.number });
    await sendWhatsApp(job);
    await sendWhatsApp(job);
    await t.project();
    expect(mailsTo(gabi.email)).toHaveLength(1);
    expect(await messageOf(sessionId)).toMatchObject({
      estado: 'falhou',
      porEmail: true,
      wamid: null,
    });
    expect(
      (await trainer.api.get(`/api/students/${gabi.studentId}/channels`)).json(),
    ).toMatchObject({
      naoEntregue: true,
    });
  });

  it('erasing the student deletes their WhatsApp records', async () => {
    const trainer = await trainerOnViraNumber();
    const hugo = await consentingStudent(trainer, 'Hugo Reis');
    const sessionId = await bookAndReachLeadTime(trainer, hugo.studentId);
    await run('reminders', 'reminder.send', { tenantId: trainer.tenantId, sessionId });
    for (const job of await takeJobs(SEND_WHATSAPP)) await sendWhatsApp(job);
    await t.project();
    expect(await messageOf(sessionId)).toBeDefined();
    const erased = await trainer.api.post(`/api/students/${hugo.studentId}/erase`, {
      confirm: 'Hugo Reis',
    });
    expect(erased.statusCode).toBe(200);
    await t.project();
    const left = await Promise.all(
      (['whatsappContacts', 'whatsappMessages', 'whatsappDeliveries'] as const).map((table) =>
        db()
          .selectFrom(table)
          .select('studentId')
          .where('studentId', '=', hugo.studentId)
          .execute(),
      ),
    );
    expect(left).toEqual([[], [], []]);
  });
});

/** Two worker processes on the real BullMQ queue: a reminder retried after a 429, and queued again, goes out once. */
describe('whatsapp with two workers', () => {
  const cloud = new LoopbackCloudApi({ appSecret: APP_SECRET, autoApprove: true });
  let vira: LoopbackAccount;
  let workers: RunningWorker[] = [];
  beforeAll(async () => {
    await cloud.start();
    vira = cloud.account();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await cloud.close();
  });
  const t = apiFixture(() => ({
    WHATSAPP_GRAPH_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_PHONE_NUMBER_ID: vira.phoneNumberId,
    WHATSAPP_WABA_ID: vira.wabaId,
    WHATSAPP_ACCESS_TOKEN: vira.accessToken,
  }));
  beforeAll(async () => {
    const start = () =>
      startWorkerProcess({
        config: t.config,
        logger: pino({ level: 'silent' }),
        projections: [],
        jobs: new Map([
          [WHATSAPP_QUEUE, new Map(Object.entries(messagingContext.jobs?.[WHATSAPP_QUEUE] ?? {}))],
        ]),
        jobConcurrency: new Map(Object.entries(messagingContext.jobConcurrency ?? {})),
        workerPorts: CONTEXTS.flatMap((context) => context.workerPorts ?? []),
      });
    workers = [await start(), await start()];
  });
  afterEach(() => {
    expect(cloud.violations).toEqual([]);
  });

  /** Waits until `read` answers true (a bound for a busy machine, not a timing). */
  async function until(read: () => Promise<boolean> | boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await read())) {
      if (Date.now() > deadline) throw new Error(`esperava: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a reminder Meta refused once (130429) is retried and arrives once; queued again, it sends nothing', async () => {
    const trainer = await t.signUp('Carla Personal');
    expect((await trainer.api.put('/api/settings/whatsapp', { modo: 'vira' })).statusCode).toBe(
      200,
    );
    const created = await trainer.api.post('/api/students', {
      nome: 'Iara Melo',
      email: `iara.${Date.now()}@exemplo.com.br`,
      whatsapp: '11955554444',
    });
    const studentId = created.json().id as string;
    expect(
      (
        await trainer.api.put(`/api/students/${studentId}/channels`, {
          whatsapp: true,
          email: true,
          push: false,
          consentimento: { como: 'No contrato', quando: '2030-05-01T10:00:00-03:00' },
        })
      ).statusCode,
    ).toBe(200);
    await t.project();
    const queue = t.app.get(JobQueues).queue(WHATSAPP_QUEUE);
    const idle = async () =>
      Object.values(
        await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'failed'),
      ).every((count) => count === 0);
    const remind = () =>
      workerServicesOf(t.app)
        .port(WhatsAppMessages)
        .offer({
          tenantId: trainer.tenantId,
          studentId,
          sessionId: '0193a000-0000-7000-8000-0000000000cc',
          cause: 'reminder-dois-workers-1',
          kind: 'lembrete',
          variables: {
            studentNome: 'Iara Melo',
            trainerNome: 'Carla Personal',
            quando: 'amanhã (10/05) às 07:00',
            locationNome: null,
          },
          fallback: {
            to: 'iara@exemplo.com.br',
            subject: 'Lembrete',
            text: 'Lembrete',
            html: '<p>Lembrete</p>',
          },
        });

    cloud.failNextSend({ code: 130429, to: '5511955554444' });
    expect(await remind()).toBe(true);
    expect(await remind()).toBe(true);
    await until(
      () => cloud.messagesTo('5511955554444').length === 1,
      'a mensagem depois do 130429',
    );
    await until(idle, 'a fila vazia');
    expect(await remind()).toBe(true);
    await until(idle, 'a fila vazia de novo');

    const sends = cloud.requests.filter((each) => each.path.endsWith('/messages'));
    expect(sends.map((each) => each.status)).toEqual([429, 200]);
    expect(cloud.messagesTo('5511955554444')).toHaveLength(1);
  });
});
