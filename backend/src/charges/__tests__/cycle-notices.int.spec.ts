import type { ParsedMail } from 'mailparser';
import { http } from '../../../../test/support/api';
import { apiFixture } from '../../../../test/support/api-fixture';
import { workerServicesOf } from '../../../../test/support/projections';
import {
  recipientsOf,
  type SmtpCapture,
  startSmtpCapture,
} from '../../../../test/support/smtp-capture';
import type { Charge } from '../../contracts/charges/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { chargeEvents } from '../../contracts/charges/events';
import { pickEvents } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { randomUUID } from 'node:crypto';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { ChargeCommands } from '../commands/charge.commands';
import { pspContext } from '../psp/psp-confirmation';
import { sendCycleChargeNotices } from '../process-managers/cycle-charge-notices';
import { cyclesAt } from './cycles-at';

// The server runs at UTC; the due day is São Paulo's all the same.
process.env.TZ = 'UTC';

const todayInSaoPaulo = () => zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
const brDate = (date: string) => date.split('-').reverse().join('/');

/** Each cycle's charge tells its student by e-mail, once, through a real SMTP server. */
describe("a subscription cycle's e-mail to the student", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());
  const t = apiFixture(() => ({ SMTP_URL: smtp.url, APP_URL: 'https://app.vira.test' }));
  let api: ReturnType<typeof http>;
  let tenantId: string;

  beforeEach(async () => {
    ({ api, tenantId } = await t.trainer());
  });

  const mailsTo = (email: string): ParsedMail[] =>
    smtp.messages.filter((mail) => recipientsOf(mail).includes(email));
  const issueAt = (instant: string) => cyclesAt(t.app, instant);

  async function subscribed(email: string | null) {
    const pix = { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana Souza', cidade: 'Recife' };
    expect((await api.put('/api/settings/pix', pix)).statusCode).toBe(200);
    const plan = await api.post('/api/plans', {
      nome: 'Mensal 8',
      valor: 480,
      creditos: 8,
      cobranca: { tipo: 'mensal', diaVencimento: 10 },
    });
    const student = await api.post('/api/students', {
      nome: 'Carla Dias',
      whatsapp: '81987654321',
      ...(email ? { email } : {}),
    });
    expect(student.statusCode).toBe(201);
    const subscription = await api.post(`/api/students/${student.json().id}/subscription`, {
      planId: plan.json().id,
      inicio: todayInSaoPaulo(),
    });
    expect(subscription.statusCode).toBe(201);
    return {
      studentId: student.json().id as string,
      due: subscription.json().proximoVencimento as string,
    };
  }

  it('sends one e-mail per cycle with the plan, R$, the due day, the Pix Copia e Cola and /aluno, however often the pass runs', async () => {
    const email = `carla.${Date.now()}@exemplo.com`;
    const { studentId, due } = await subscribed(email);
    // Five days before the due day at noon in São Paulo: the cycle's charge is made.
    const issuing = `${addDays(due, -5)}T15:00:00Z`;
    await issueAt(issuing);
    await t.project();
    const mail = await smtp.waitFor(email, 30_000);
    const [charge] = (await api.get(`/api/charges?studentId=${studentId}`)).json()
      .items as Charge[];
    expect(charge).toMatchObject({ origem: 'assinatura', vencimento: due });
    expect(charge.brCode).toMatch(/^000201/);
    expect(mail.subject).toBe(
      `Mensalidade do plano Mensal 8: R$\u00a0480,00, vence em ${brDate(due)}`,
    );
    const text = mail.text ?? '';
    expect(text).toContain('Olá, Carla!');
    expect(text).toContain('plano Mensal 8');
    expect(text).toContain('R$\u00a0480,00');
    expect(text).toContain(`vencimento em ${brDate(due)}`);
    expect(text).toContain(`Pix Copia e Cola:\n\n${charge.brCode}`);
    expect(text).toContain('https://app.vira.test/aluno');
    expect(mail.html).toContain(charge.brCode);

    // The pass again, and again later (other suites' subscriptions in this database aside): no new
    // cycle, no new e-mail.
    await issueAt(issuing);
    await issueAt(`${addDays(due, -4)}T15:00:00Z`);
    await t.project();
    expect((await api.get(`/api/charges?studentId=${studentId}`)).json().items).toHaveLength(1);
    // The worker restarted before its checkpoint moved: the same event handled again.
    const created = await readStreamOf(
      t.app.get<Db>(DATABASE),
      tenantId,
      charge.id,
      pickEvents(chargeEvents, ['ChargeCreated']),
    );
    expect(created).toHaveLength(1);
    expect(await sendCycleChargeNotices(workerServicesOf(t.app), created)).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("a Pix Automático cycle its student's bank did not debit tells the student once, however late, with the Pix Copia e Cola to pay it now", async () => {
    const email = `carla.debito.${Date.now()}@exemplo.com`;
    // No subscription of its own: its cycles would e-mail this student in the next test's passes.
    const student = await api.post('/api/students', { nome: 'Carla Dias', email });
    expect(student.statusCode).toBe(201);
    const studentId = student.json().id as string;
    const charges = new ChargeCommands(t.app.get(CommandRunner));
    const chargeId = randomUUID();
    // Due three days ago, debited by the student's bank: nothing to tell while it is.
    const due = addDays(todayInSaoPaulo(), -3);
    await charges.handle(pspContext(tenantId, chargeId), chargeId, {
      type: 'CreateCharge',
      charge: {
        studentId,
        studentNome: 'Carla Dias',
        telefone: null,
        planId: randomUUID(),
        planNome: 'Mensal 8',
        creditos: 8,
        valorCentavos: 48_000,
        txid: chargeId.replace(/-/g, '').slice(0, 25),
        brCode: '',
        origem: 'assinatura',
        provedor: 'api-pix',
        vencimento: due,
        tipoCob: 'cobr',
        subscriptionId: randomUUID(),
        ciclo: due.slice(0, 7),
      },
    });
    await t.project();
    expect(mailsTo(email)).toHaveLength(0);

    // Its attempts over, the PSP ended it: payable from now on by the trainer's static code.
    const brCode = '00020126330014br.gov.bcb.pix0111ana@exemplo.com5204000053039865406480.005802BR6304ABCD';
    await charges.handle(pspContext(tenantId, chargeId), chargeId, { type: 'EndAutomaticDebit', brCode });
    await t.project();
    const mail = await smtp.waitFor(email, 30_000);
    expect(mail.subject).toBe('Mensalidade do plano Mensal 8: R$\u00a0480,00, o débito automático não foi feito');
    const text = mail.text ?? '';
    expect(text).toContain('Olá, Carla!');
    expect(text).toContain(`vencimento em ${brDate(due)}, não foi feito pelo seu banco`);
    expect(text).toContain(`Pix Copia e Cola:\n\n${brCode}`);
    expect(text).toContain('https://app.vira.test/aluno');

    // The same event handled again (a worker restarted before its checkpoint moved): nothing more.
    const ended = await readStreamOf(
      t.app.get<Db>(DATABASE),
      tenantId,
      chargeId,
      pickEvents(chargeEvents, ['ChargeAutomaticDebitEnded']),
    );
    expect(ended).toHaveLength(1);
    expect(await sendCycleChargeNotices(workerServicesOf(t.app), ended)).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('a student without an e-mail gets none, and the charge is made all the same', async () => {
    const { studentId, due } = await subscribed(null);
    const before = smtp.messages.length;
    await issueAt(`${addDays(due, -5)}T15:00:00Z`);
    await t.project();
    expect((await api.get(`/api/charges?studentId=${studentId}`)).json().items).toHaveLength(1);
    expect(smtp.messages.length).toBe(before);
  });
});
