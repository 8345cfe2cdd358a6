import type { http } from '../../../../test/support/api';
import { whatsAppSuite } from '../../../../test/support/whatsapp-cloud/suite';
import type { Charge } from '../../contracts/charges/api';
import { chargeEvents } from '../../contracts/charges/events';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { readStreamOf } from '../../platform/event-store/event-store';
import { chargeWhatsAppNotices } from '../process-managers/charge-whatsapp-notices';
import { cyclesAt } from './cycles-at';

// The server runs at UTC; the due day is São Paulo's all the same.
process.env.TZ = 'UTC';

const todayInSaoPaulo = () => zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
const PIX = { chave: 'carla@exemplo.com', nomeRecebedor: 'Carla Personal', cidade: 'Recife' };

/** The body's variables of a template message the loopback Cloud API accepted. */
const variablesOf = (message: { body: Record<string, unknown> }) =>
  (
    message.body as {
      template: { components: { type: string; parameters: { text: string }[] }[] };
    }
  ).template.components
    .find((component) => component.type === 'body')
    ?.parameters.map((parameter) => parameter.text);
const templateOf = (message: { body: Record<string, unknown> }) =>
  (message.body as { template: { name: string } }).template.name;

/**
 * Issue 59: charges reach the student by WhatsApp through the loopback Cloud API (every request
 * checked against Meta's document): a new charge with its Pix Copia e Cola, a subscription cycle's
 * notice instead of its e-mail, a payment received; on the real PostgreSQL, Redis and SMTP.
 */
describe('charges by WhatsApp', () => {
  const suite = whatsAppSuite(() => ({ APP_URL: 'https://app.vira.test' }));
  const { cloud, t, takeJobs, sendWhatsApp, trainerOnViraNumber, consentingStudent, mailsTo } =
    suite;

  async function planOf(trainer: { api: ReturnType<typeof http> }, mensal = false) {
    expect((await trainer.api.put('/api/settings/pix', PIX)).statusCode).toBe(200);
    const plan = await trainer.api.post('/api/plans', {
      nome: 'Mensal 8 aulas',
      valor: 480,
      creditos: 8,
      ...(mensal && { cobranca: { tipo: 'mensal', diaVencimento: 10 } }),
    });
    expect(plan.statusCode).toBe(201);
    return plan.json().id as string;
  }
  const chargesOf = async (trainer: { api: ReturnType<typeof http> }, studentId: string) =>
    (await trainer.api.get(`/api/charges?studentId=${studentId}`)).json().items as Charge[];
  /** The charge's events as the process managers are handed them (a batch run again). */
  const eventsOf = (tenantId: string, chargeId: string) =>
    readStreamOf(t.app.get<Db>(DATABASE), tenantId, chargeId, chargeEvents);

  it("a new charge sends the consenting student one 'Nova cobrança' with its Pix Copia e Cola; a student who did not consent gets none", async () => {
    const trainer = await trainerOnViraNumber();
    const planId = await planOf(trainer);
    const bia = await consentingStudent(trainer, 'Beatriz Lima');
    const other = await trainer.api.post('/api/students', {
      nome: 'Otávio Reis',
      whatsapp: '(11) 98888-7777',
    });
    expect(other.statusCode).toBe(201);
    for (const studentId of [bia.studentId, other.json().id as string])
      expect((await trainer.api.post('/api/charges', { studentId, planId })).statusCode).toBe(201);
    await t.project();

    const jobs = await takeJobs();
    expect(jobs).toHaveLength(1);
    await sendWhatsApp(jobs[0]);
    const [charge] = await chargesOf(trainer, bia.studentId);
    expect(charge.brCode).toMatch(/^000201/);
    const sent = cloud.messagesTo(bia.number);
    expect(sent).toHaveLength(1);
    expect(templateOf(sent[0])).toBe('vira_nova_cobranca');
    expect(variablesOf(sent[0])).toEqual([
      'Beatriz',
      'Carla Personal',
      'R$\u00a0480,00',
      'Mensal 8 aulas',
      charge.brCode,
    ]);
    expect(cloud.messagesTo('5511988887777')).toEqual([]);

    // The same event handled again (a batch run twice) sends nothing more.
    await chargeWhatsAppNotices.handle(
      await eventsOf(trainer.tenantId, charge.id),
      suite.services(),
    );
    for (const job of await takeJobs()) await sendWhatsApp(job);
    expect(cloud.messagesTo(bia.number)).toHaveLength(1);
  });

  it("a paid charge sends 'Pagamento recebido' with the amount and the student's area once, even when its event is handled twice", async () => {
    const trainer = await trainerOnViraNumber();
    const planId = await planOf(trainer);
    const caio = await consentingStudent(trainer, 'Caio Prado');
    const created = await trainer.api.post('/api/charges', { studentId: caio.studentId, planId });
    expect(created.statusCode).toBe(201);
    const chargeId = created.json().id as string;
    await t.project();
    for (const job of await takeJobs()) await sendWhatsApp(job);

    expect((await trainer.api.post(`/api/charges/${chargeId}/confirm`)).statusCode).toBe(200);
    await t.project();
    const paid = (await eventsOf(trainer.tenantId, chargeId)).filter(
      (event) => event.eventType === 'ChargePaid',
    );
    expect(paid).toHaveLength(1);
    const jobs = await takeJobs();
    expect(jobs).toHaveLength(1);
    await Promise.all([sendWhatsApp(jobs[0]), sendWhatsApp(jobs[0])]);
    await chargeWhatsAppNotices.handle(paid, suite.services());
    for (const job of await takeJobs()) await sendWhatsApp(job);

    const receipts = cloud
      .messagesTo(caio.number)
      .filter((message) => templateOf(message) === 'vira_pagamento_recebido');
    expect(receipts).toHaveLength(1);
    expect(variablesOf(receipts[0])).toEqual([
      'Caio',
      'R$\u00a0480,00',
      'https://app.vira.test/aluno',
    ]);
    expect(mailsTo(caio.email)).toEqual([]);
  });

  it("a subscription cycle's charge goes by WhatsApp and not by e-mail; WhatsApp refusing it sends the e-mail", async () => {
    const trainer = await trainerOnViraNumber();
    const planId = await planOf(trainer, true);
    const davi = await consentingStudent(trainer, 'Davi Rocha');
    const elisa = await consentingStudent(trainer, 'Elisa Prado');
    let due = '';
    for (const student of [davi, elisa]) {
      const subscription = await trainer.api.post(
        `/api/students/${student.studentId}/subscription`,
        {
          planId,
          inicio: todayInSaoPaulo(),
        },
      );
      expect(subscription.statusCode).toBe(201);
      due = subscription.json().proximoVencimento as string;
    }
    await t.project();
    // Five days before the due day at noon in São Paulo: the cycles' charges are made and told.
    await cyclesAt(t.app, `${addDays(due, -5)}T15:00:00Z`);

    const jobs = await takeJobs();
    expect(jobs).toHaveLength(2);
    cloud.failNextSend({ code: 131026, to: elisa.number });
    for (const job of jobs) await sendWhatsApp(job);

    const [daviCharge] = await chargesOf(trainer, davi.studentId);
    expect(daviCharge).toMatchObject({ origem: 'assinatura', vencimento: due });
    const toDavi = cloud.messagesTo(davi.number);
    expect(toDavi).toHaveLength(1);
    expect(templateOf(toDavi[0])).toBe('vira_nova_cobranca');
    expect(variablesOf(toDavi[0])?.at(-1)).toBe(daviCharge.brCode);
    expect(mailsTo(davi.email)).toEqual([]);

    expect(cloud.messagesTo(elisa.number)).toEqual([]);
    const toElisa = mailsTo(elisa.email);
    expect(toElisa.map((mail) => mail.subject)).toEqual([
      `Mensalidade do plano Mensal 8 aulas: R$\u00a0480,00, vence em ${due.split('-').reverse().join('/')}`,
    ]);
    expect(toElisa[0].text).toContain('https://app.vira.test/aluno');
  });
});
