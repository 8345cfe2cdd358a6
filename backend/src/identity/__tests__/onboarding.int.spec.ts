import { sql } from 'kysely';
import { readStream } from '../../platform/event-store/event-store';
import { onboardingProjection } from '../projections/onboarding.projection';
import { newPrincipal } from '../../../../test/support/accounts';
import { projectToEndOfLog } from '../../../../test/support/projections';
import { getMe, post, signUpAndLogin, identityFixture, onboardingData } from './identity-test-kit';
import { expectRefusal } from '../../../../test/support/api';

const answers = {
  alunos_ativos: '25 alunos',
  tipo_atendimento: 'Presencial',
  ticket_medio_mensal: 'R$ 350',
  formas_cobranca: 'pix, Cartão ,dinheiro',
  emite_recibo: 'S',
  faturamento_mensal_medio: '1.234,56',
  tipo_planos: 'Mensal e trimestral',
  faz_desconto: 'não sei',
  tem_politica_cancelamento: 'sim',
  objetivos: 'Reserva de emergência, Viajar',
  meta_faturamento_6meses: '5.000',
};

describe('identity: financial onboarding', () => {
  const { testApp, client, db } = identityFixture();

  async function trainer() {
    const { signUp, token } = await signUpAndLogin(client);
    return { user: signUp.user, token };
  }
  const onboard = (token: string, payload: unknown = { answers }) =>
    post(client, '/api/onboarding', payload, { token });
  const eventCount = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from events`.execute(db)).rows[0]
      .count;

  it('parses the raw answers, records OnboardingCompleted and stops asking', async () => {
    const { user, token } = await trainer();
    expect((await getMe(client, token)).json().onboardingRequired).toBe(true);

    const response = await onboard(token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      position: expect.any(Number),
      onboardingData,
      completedAt: expect.any(String),
    });

    const stream = await readStream(db, user.tenantId, user.tenantId);
    const completed = stream.at(-1)!;
    expect(completed).toMatchObject({
      eventType: 'OnboardingCompleted',
      streamType: 'tenant',
      streamVersion: 3,
      globalPosition: response.json().position,
      data: { tenantId: user.tenantId, userId: user.id, onboardingData },
      metadata: { actorId: user.id, actorRole: 'personal' },
    });
    await projectToEndOfLog(testApp.app, [onboardingProjection]);
    expect((await getMe(client, token)).json().onboardingRequired).toBe(false);
  });

  it('is answered once: a second submission, even concurrent, is refused with 409', async () => {
    const { token } = await trainer();
    const responses = await Promise.all([onboard(token), onboard(token), onboard(token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toEqual({
      statusCode: 409,
      code: 'onboarding_already_completed',
      message: 'O onboarding já foi concluído.',
    });
  });

  it("does not touch another tenant's onboarding", async () => {
    const ana = await trainer();
    const bruno = await trainer();
    await onboard(ana.token);
    await projectToEndOfLog(testApp.app, [onboardingProjection]);
    expect((await getMe(client, ana.token)).json().onboardingRequired).toBe(false);
    expect((await getMe(client, bruno.token)).json().onboardingRequired).toBe(true);
  });

  it('refuses a blank or missing answer naming the field, writing nothing', async () => {
    const { token } = await trainer();
    const before = await eventCount();
    const blank = await onboard(token, { answers: { ...answers, emite_recibo: '   ' } });
    expectRefusal(
      blank,
      400,
      'validation_error',
      "Campo 'Respostas › emite_recibo' não pode ficar em branco",
    );
    const { objetivos: _missing, ...withoutObjetivos } = answers;
    const missing = await onboard(token, { answers: withoutObjetivos });
    expect(missing.json().message).toBe("Campo 'Respostas › objetivos' é obrigatório");
    expect(await eventCount()).toBe(before);
  });

  it('needs a signed-in trainer: no token 401, a student 403', async () => {
    const { user } = await trainer();
    expect((await post(client, '/api/onboarding', { answers })).statusCode).toBe(401);
    const student = await newPrincipal(testApp.app, 'aluno', user.tenantId);
    expect((await onboard(student.token)).statusCode).toBe(403);
  });
});
