import { execFileSync } from 'node:child_process';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { apiFixture } from '../../../../test/support/api-fixture';
import { PROJECTIONS } from '../../contexts';
import { CLOSE_ACCOUNT_MESSAGE } from '../../contracts/identity/api';
import { ACCOUNT_CLOSED_MESSAGE } from '../../contracts/shared/personal-data';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { rebuildProjection } from '../../platform/projections/rebuild';

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(240_000);

const TRAINER = 'Rosângela Quintanilha Barros';
const STUDENT = 'Teodoro Aguiar Mendes';
const PIX = { chave: 'rosangela@exemplo.com', nomeRecebedor: 'Rosangela Barros', cidade: 'Recife' };

describe('closing the account (LGPD)', () => {
  const t = apiFixture();

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('destroys every key of the tenant, removes its rows, and sign-in says the account no longer exists', async () => {
    const trainer = await t.signUp({ nome: TRAINER, cpf: '11144477735', telefone: '81991234567' });
    const { body } = trainer;
    const student = await t.student(trainer, STUDENT);
    await trainer.api.post(`/api/students/${student.studentId}/credits`, {
      amount: 3,
      reason: 'Plano',
    });
    const bystander = await t.signUp('Outro Personal');
    await bystander.api.post('/api/students', { nome: 'Aluno que Fica', whatsapp: '11912345678' });
    await t.project();

    // Before closing: the whole account, one CSV per table, as a Brazilian spreadsheet opens it.
    const exported = await trainer.api.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toContain('.zip');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const csv = (table: string) =>
      strFromU8(files[`${table}.csv`]!).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['students.csv', 'credit_ledger.csv', 'profiles.csv']),
    );
    for (const secret of ['password_credentials', 'refresh_tokens', 'events', 'data_subject_keys'])
      expect(files[`${secret}.csv`]).toBeUndefined();
    const [header, ...students] = csv('students');
    expect(header.split(';')).toEqual(expect.arrayContaining(['id', 'nome', 'creditos']));
    expect(students).toHaveLength(1);
    const row = Object.fromEntries(
      header.split(';').map((column, index) => [column, students[0].split(';')[index]]),
    );
    expect(row).toMatchObject({ id: student.studentId, nome: STUDENT, creditos: '3', ativo: 'Sim' });
    expect(row.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(csv('credit_ledger')).toHaveLength(2);
    expect(csv('profiles').join('\n')).toContain(TRAINER);
    // Only this tenant's rows.
    expect(Object.values(files).some((file) => strFromU8(file).includes('Aluno que Fica'))).toBe(
      false,
    );
    expect((await bystander.api.get('/api/account/export')).statusCode).toBe(200);

    const wrong = await trainer.api.post('/api/account/close', { confirm: 'sim' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CLOSE_ACCOUNT_MESSAGE);
    expect((await trainer.api.get('/api/students')).json().items).toHaveLength(1);

    for (const loose of ['encerrar', ' Encerrar '])
      expect((await trainer.api.post('/api/account/close', { confirm: loose })).statusCode).toBe(
        400,
      );
    const closed = await trainer.api.post('/api/account/close', { confirm: ' ENCERRAR ' });
    expect(closed.statusCode).toBe(200);
    await t.project();

    for (const email of [body.email as string]) {
      const refused = await login(email, body.password as string);
      expect(refused.statusCode).toBe(410);
      expect(refused.json().message).toBe(ACCOUNT_CLOSED_MESSAGE);
    }
    const db = t.app.get<Db>(DATABASE);
    const keys = await sql<{ live: number }>`
      select count(*)::int as live from data_subject_keys
      where tenant_id = ${trainer.tenantId}::uuid and sealed_key is not null`.execute(db);
    expect(keys.rows[0].live).toBe(0);
    const dump = execFileSync('pg_dump', ['--data-only', t.config.DATABASE_URL], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    for (const trace of [TRAINER, STUDENT, body.email as string, '11144477735', '81991234567'])
      expect({ trace, found: dump.split("\n").filter((line) => line.includes(trace)) }).toEqual({ trace, found: [] });
    // Another trainer's account is untouched.
    expect((await bystander.api.get('/api/students')).json().items).toEqual([
      expect.objectContaining({ nome: 'Aluno que Fica' }),
    ]);

    // A rebuild from the log brings nothing of the closed tenant back.
    for (const projection of PROJECTIONS) await rebuildProjection(db, projection);
    for (const table of new Set(PROJECTIONS.flatMap((projection) => projection.tables))) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} where tenant_id = ${trainer.tenantId}::uuid`.execute(
        db,
      );
      expect({ table, rows: rows[0].n }).toEqual({ table, rows: 0 });
    }
  });

  it('closes the account of a trainer at work: sessions, payments, a charge, a subscription', async () => {
    const trainer = await t.signUp({ nome: TRAINER, cpf: '11144477735', telefone: '81991234567' });
    const { api } = trainer;
    const created = async (url: string, body: Record<string, unknown>) => {
      const response = await api.post(url, body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 201 });
      return response.json().id as string;
    };
    expect((await api.put('/api/settings/pix', PIX)).statusCode).toBe(200);
    const locationId = await created('/api/locations', { nome: 'Academia Centro' });
    const planId = await created('/api/plans', {
      nome: 'Mensal',
      valor: 400,
      creditos: 8,
      cobranca: { tipo: 'mensal', diaVencimento: 10 },
    });
    const studentId = await created('/api/students', { nome: STUDENT, planoId: planId });
    await created('/api/sessions', {
      studentId,
      locationId,
      inicio: '2031-03-04T13:00:00.000Z',
      fim: '2031-03-04T14:00:00.000Z',
    });
    await created('/api/transactions', {
      tipo: 'receita',
      valor: 400,
      data: '2026-11-10',
      descricao: 'Mensalidade',
      metodoPagamento: 'pix',
      studentId,
    });
    await created('/api/charges', { studentId, planId });
    await created(`/api/students/${studentId}/subscription`, { planId });
    await t.project();

    const closed = await api.post('/api/account/close', { confirm: 'ENCERRAR' });
    expect({ status: closed.statusCode, body: closed.json() }).toEqual({
      status: 200,
      body: expect.objectContaining({ id: expect.any(String) }),
    });
    await t.project();
    const dump = execFileSync('pg_dump', ['--data-only', t.config.DATABASE_URL], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    for (const trace of [TRAINER, STUDENT, '11144477735', '81991234567'])
      expect({ trace, found: dump.split('\n').filter((line) => line.includes(trace)) }).toEqual({
        trace,
        found: [],
      });
  });
});
