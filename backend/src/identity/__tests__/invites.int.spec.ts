import { expectRefusal, http } from '../../../../test/support/api';
import { newPrincipal } from '../../../../test/support/accounts';
import { projectAll } from '../../../../test/support/projections';
import { post, signUpAndLogin, identityFixture } from './identity-test-kit';

describe('identity: student invites and accounts', () => {
  const { testApp, client } = identityFixture();

  async function trainerWithStudent(nome = 'Ana Souza') {
    const trainer = await signUpAndLogin(client);
    const api = http(testApp.app, { token: trainer.token });
    const student = await api.post('/api/students', { nome, whatsapp: '11999998888' });
    expect(student.statusCode).toBe(201);
    await projectAll(testApp.app);
    return { trainer, api, studentId: student.json().id as string };
  }

  const acceptBody = (email = `aluno-${Date.now()}-${Math.random()}@example.com`) => ({
    nome: 'Ana Souza',
    email,
    password: 'segredo1',
    cpf: '529.982.247-25',
    telefone: '(11) 99999-8888',
  });

  it('invites a student, shows the invite, creates the account once, and the student signs in as aluno', async () => {
    const { trainer, api, studentId } = await trainerWithStudent();
    const created = await api.post('/api/invites', { studentId });
    expect(created.statusCode).toBe(201);
    const { token, inviteUrl, expiresAt } = created.json();
    expect(inviteUrl).toBe(`${testApp.config.APP_URL}/convite/${token}`);
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const shown = await testApp.app.inject({ method: 'GET', url: `/api/invites/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      student: { nome: 'Ana Souza' },
      trainer: { nome: trainer.body.nome },
    });

    const body = acceptBody();
    const accepted = await post(client, `/api/invites/${token}/accept`, body);
    expect(accepted.statusCode).toBe(201);

    const again = await post(client, `/api/invites/${token}/accept`, acceptBody());
    expectRefusal(again, 404, 'convite_invalido', 'Convite inválido ou expirado');

    const login = await post(client, '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      role: 'aluno',
      tenantId: trainer.signUp.user.tenantId,
      onboardingRequired: false,
    });
    // A student never reaches the trainer's routes.
    const asStudent = http(testApp.app, { token: login.json().accessToken });
    expect((await asStudent.get('/api/students')).statusCode).toBe(403);
    expect((await asStudent.post('/api/invites', { studentId })).statusCode).toBe(403);

    // Their own area: their name, balance and trainer; the trainer's token is refused there.
    await api.post(`/api/students/${studentId}/credits`, { amount: 4, reason: 'Plano' });
    await projectAll(testApp.app);
    expect((await asStudent.get('/api/student/me')).json()).toEqual({
      nome: 'Ana Souza',
      creditos: 4,
      creditosLivres: 4,
      proximasSessoes: [],
      contratosPendentes: 0,
      cobrancas: [],
      // What they gave when creating the account: the contract signing form starts with it.
      cpf: '52998224725',
      telefone: '11999998888',
      trainer: {
        nome: trainer.body.nome,
        slug: trainer.signUp.user.tenantSlug,
        telefone: trainer.body.telefone,
      },
      exclusaoPedidaEm: null,
    });
    expect((await asStudent.get('/api/student/history')).json().items).toMatchObject([
      { type: 'CreditsGranted', amount: 4, balanceAfter: 4 },
    ]);
    expect((await api.get('/api/student/me')).statusCode).toBe(403);
  });

  it('makes exactly one account when one invite is accepted many times at once', async () => {
    const { api, studentId } = await trainerWithStudent('Bruno Lima');
    const { token } = (await api.post('/api/invites', { studentId })).json();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(
          client,
          `/api/invites/${token}/accept`,
          acceptBody(`bruno-${index}-${Date.now()}@example.com`),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 404, 404, 404, 404, 404,
    ]);
  });

  it('keeps the links already sent valid when another is made, until the student has an account; refuses an e-mail that has one', async () => {
    const { api, studentId, trainer } = await trainerWithStudent('Carla Dias');
    const first = (await api.post('/api/invites', { studentId })).json().token;
    const second = (await api.post('/api/invites', { studentId })).json().token;
    const show = (token: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/invites/${token}` });
    expect((await show(first)).statusCode).toBe(200);
    expect((await show(second)).statusCode).toBe(200);
    const taken = await post(
      client,
      `/api/invites/${second}/accept`,
      acceptBody(String(trainer.body.email)),
    );
    expectRefusal(taken, 409, 'user_already_registered', 'Este email já está cadastrado');
    // The refused accept spent nothing: the invite still works.
    expect((await post(client, `/api/invites/${second}/accept`, acceptBody())).statusCode).toBe(
      201,
    );
    // The student has an account now: the earlier link no longer opens nor makes a second one.
    expect((await show(first)).json().code).toBe('convite_invalido');
    const late = await post(client, `/api/invites/${first}/accept`, acceptBody());
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('convite_invalido');
    expect((await api.post('/api/invites', { studentId })).json().code).toBe('student_has_account');
  });

  it('makes exactly one account when two links of one student are accepted at once', async () => {
    const { api, studentId } = await trainerWithStudent('Gabi Rocha');
    const tokens = [
      (await api.post('/api/invites', { studentId })).json().token as string,
      (await api.post('/api/invites', { studentId })).json().token as string,
    ];
    const responses = await Promise.all(
      [...tokens, ...tokens].map((token, index) =>
        post(
          client,
          `/api/invites/${token}/accept`,
          acceptBody(`gabi-${index}-${Date.now()}@example.com`),
        ),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 201))
      expect(['convite_invalido', 'student_has_account']).toContain(refused.json().code);
  });

  it('validates the student sign-up in pt-BR and writes nothing for a bad or unknown invite', async () => {
    const { api, studentId } = await trainerWithStudent('Dani Reis');
    const { token } = (await api.post('/api/invites', { studentId })).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ password: '12345' }, 'A senha deve ter no mínimo 6 caracteres'],
      [{ cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ cpf: '' }, 'CPF inválido'],
      [{ telefone: '' }, 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos'],
      [{ telefone: '  ' }, 'Celular inválido: informe DDD e número, com 10 ou 11 dígitos'],
      [{ email: 'sem-arroba' }, 'E-mail inválido'],
      [{ nome: 'A' }, 'Nome deve ter pelo menos 2 caracteres'],
    ];
    for (const [override, message] of cases) {
      const response = await post(client, `/api/invites/${token}/accept`, {
        ...acceptBody(),
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const unknown = await post(client, '/api/invites/nao-existe/accept', acceptBody());
    expect(unknown.json().code).toBe('convite_invalido');
    expect((await post(client, `/api/invites/${token}/accept`, acceptBody())).statusCode).toBe(201);
  });

  it('invites a student created a moment ago, before the read models caught up', async () => {
    const trainer = await signUpAndLogin(client);
    const api = http(testApp.app, { token: trainer.token });
    const { id } = (await api.post('/api/students', { nome: 'Fábio Reis' })).json();
    const invite = await api.post('/api/invites', { studentId: id });
    expect(invite.statusCode).toBe(201);
  });

  it("refuses to invite another tenant's student", async () => {
    const { studentId } = await trainerWithStudent('Eva Melo');
    const intruder = http(testApp.app, await newPrincipal(testApp.app));
    const response = await intruder.post('/api/invites', { studentId });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Aluno não encontrado');
  });
});
