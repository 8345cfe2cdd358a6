import { Logger } from '@nestjs/common';
import { apiFixture } from '../../../../test/support/api-fixture';
import { http } from '../../../../test/support/api';

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(120_000);

const NOME = 'Zuleica Bittencourt';
const CPF = '39053344705';
const TELEFONE = '81991234567';

/** Everything the app writes to its log (stdout) while `work` runs. */
async function logOf(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await work();
    // Lines of Nest's loggers buffered meanwhile (the harness's worker context holds them back).
    Logger.flush();
  } finally {
    write.mockRestore();
  }
  return lines.join('');
}

describe('the log of an erasure holds ids, never the person', () => {
  // Every level: what is written at debug must be safe too.
  const t = apiFixture({ LOG_LEVEL: 'trace' });

  it('asks, e-mails the trainer and erases without writing the name, e-mail, phone or CPF', async () => {
    let email = '';
    const log = await logOf(async () => {
      const trainer = await t.signUp();
      const created = await trainer.api.post('/api/students', {
        nome: NOME,
        telefone: TELEFONE,
        whatsapp: TELEFONE,
      });
      expect(created.statusCode).toBe(201);
      const studentId = created.json().id as string;
      await t.project();
      const { token: invite } = (await trainer.api.post('/api/invites', { studentId })).json();
      email = `zuleica.${process.pid}.${Date.now()}@exemplo.com.br`;
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
      const accepted = await post(`/api/invites/${invite}/accept`, {
        nome: NOME,
        email,
        password: 'segredo12',
        cpf: CPF,
        telefone: TELEFONE,
      });
      expect(accepted.statusCode).toBe(201);
      const login = await post('/api/auth/login', { email, password: 'segredo12' });
      expect(login.statusCode).toBe(200);
      const student = http(t.app, { token: login.json().accessToken as string });

      // The student asks to be erased: the trainer is e-mailed (kept in the dev mailbox here).
      expect((await student.post('/api/student/erase-request', {})).statusCode).toBe(200);
      await t.project();
      const erased = await trainer.api.post(`/api/students/${studentId}/erase`, { confirm: NOME });
      expect(erased.statusCode).toBe(200);
      await t.project();
    });

    // The capture works: the e-mail and the requests were logged.
    expect(log).toMatch(/guardado na caixa de desenvolvimento/);
    expect(log).toMatch(/\/erase/);
    for (const personal of [NOME, 'Zuleica', email, email.split('@')[0], TELEFONE, TELEFONE.slice(2), CPF])
      expect({ personal, found: log.includes(personal) }).toEqual({ personal, found: false });
  });
});
