import { apiFixture } from '../../../../test/support/api-fixture';
import { testSockets } from '../../../../test/support/sockets';

const unauthorized = { statusCode: 401, code: 'unauthorized', message: 'Usuário não autenticado' };

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(120_000);

describe('closing the account ends every session and socket of the tenant at once', () => {
  const t = apiFixture();
  let url: string;
  const { connect, handshake, disconnection, closeAll } = testSockets(() => url);

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
  });
  afterAll(closeAll);

  it("refuses the trainer's and the students' tokens (401) from the closing on, reading or writing, and closes their sockets; another tenant's stay", async () => {
    const trainer = await t.signUp();
    const student = await t.student(trainer, 'Zuleica Andrade');
    const bystander = await t.signUp('Outro Personal');
    // The tokens are known good and in use: their verdicts are remembered.
    expect((await trainer.api.get('/api/students')).statusCode).toBe(200);
    expect((await student.api.get('/api/student/me')).statusCode).toBe(200);
    const trainerSocket = connect(trainer.token);
    const studentSocket = connect(student.token);
    const bystanderSocket = connect(bystander.token);
    for (const socket of [trainerSocket, studentSocket, bystanderSocket])
      expect(await handshake(socket)).toBe('connected');
    const closed = [disconnection(trainerSocket), disconnection(studentSocket)];

    const closing = await trainer.api.post('/api/account/close', { confirm: 'ENCERRAR' });
    expect(closing.statusCode).toBe(200);

    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const answer of [
      await trainer.api.get('/api/students'),
      await trainer.api.post('/api/students', { nome: 'Depois do Fim' }),
      await trainer.api.get('/api/me'),
      await student.api.get('/api/student/me'),
    ])
      expect(answer.json()).toEqual(unauthorized);
    expect(await handshake(connect(trainer.token))).toBe('unauthorized');
    expect(await handshake(connect(student.token))).toBe('unauthorized');
    expect(bystanderSocket.connected).toBe(true);
    expect((await bystander.api.get('/api/students')).statusCode).toBe(200);
  });
});
