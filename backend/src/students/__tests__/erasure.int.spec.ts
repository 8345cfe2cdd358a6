import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { pdfText } from '../../../../test/support/pdf-text';
import { apiFixture } from '../../../../test/support/api-fixture';
import { PROJECTIONS } from '../../contexts';
import { addDays, zonedParts } from '../../contracts/shared/time';
import { ERASE_CONFIRMATION_MESSAGE } from '../../contracts/students/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { rebuildProjection } from '../../platform/projections/rebuild';

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(240_000);

const NOME = 'Helena Vasconcelos Prado';
const CPF = '111.444.777-35';
const TELEFONE = '(81) 99123-4567';
// The dump covers the whole worker database, where other suites' visitors live too: a number no other
// suite uses, so what is found is this student's.
const WHATSAPP = `219${String(randomInt(10_000_000, 100_000_000))}`;
const IP = '203.0.113.77';

const today = () => zonedParts(new Date(), 'America/Sao_Paulo').date;

/** Every row of the tenant in every read model, in a stable order: what a rebuild must give again. */
async function readModelsOf(db: Db, tenantId: string): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of [...new Set(PROJECTIONS.flatMap((projection) => projection.tables))]) {
    const { rows } = await sql<{ row: string }>`
      select t::text as row from ${sql.table(table)} t where tenant_id = ${tenantId}::uuid`.execute(
      db,
    );
    tables[table] = rows.map((row) => row.row).sort();
  }
  return tables;
}

describe('erasing a student (LGPD)', () => {
  const t = apiFixture({ TRUST_PROXY: '127.0.0.1' });

  it('leaves no trace of who they were in the database, keeps the finances, and a rebuild equals live', async () => {
    const trainer = await t.signUp();
    await trainer.api.put('/api/settings/pix', {
      chave: 'carlos@exemplo.com',
      nomeRecebedor: 'Carlos',
      cidade: 'Recife',
    });
    const location = (await trainer.api.post('/api/locations', { nome: 'Academia Centro' })).json();
    await trainer.api.put(`/api/locations/${location.id}/policy`, {
      cancelLimiteHoras: 48,
      taxaPercent: 50,
      queimaCredito: false,
    });
    const plan = (
      await trainer.api.post('/api/plans', { nome: 'Pacote 4', valor: 200, creditos: 4 })
    ).json();
    const student = await t.student(trainer, NOME);
    const email = (
      await t.app
        .get<Db>(DATABASE)
        .selectFrom('studentAccounts')
        .innerJoin('users', 'users.id', 'studentAccounts.userId')
        .select('users.email')
        .where('studentAccounts.studentId', '=', student.studentId)
        .executeTakeFirstOrThrow()
    ).email;
    expect(
      (
        await trainer.api.patch(`/api/students/${student.studentId}`, {
          planoId: plan.id,
          whatsapp: WHATSAPP,
          observacoes: `${NOME} tem dor no joelho`,
        })
      ).statusCode,
    ).toBe(200);

    // Signs a contract from a forwarded address.
    const contract = (
      await trainer.api.post('/api/contracts', {
        titulo: 'Termo de adesão',
        conteudo:
          'Eu, {{nome}}, CPF {{cpf}}, telefone {{telefone}}, contrato {{personal}} em {{data}}.',
      })
    ).json();
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/contracts/${contract.id}/sign`,
      payload: { cpf: CPF, telefone: TELEFONE, consentDataProcessing: true, consentTerms: true },
      headers: { authorization: `Bearer ${student.token}`, 'x-forwarded-for': IP },
    });
    expect(signed.statusCode).toBe(201);

    // Pays a plan by Pix.
    const charge = (
      await trainer.api.post('/api/charges', { studentId: student.studentId, planId: plan.id })
    ).json();
    expect((await trainer.api.post(`/api/charges/${charge.id}/confirm`)).statusCode).toBe(200);

    // Books a session, cancels it late: a fee.
    const inicio = new Date(`${addDays(today(), 1)}T09:00:00-03:00`).toISOString();
    const fim = new Date(new Date(inicio).getTime() + 3_600_000).toISOString();
    const session = (
      await trainer.api.post('/api/sessions', {
        studentId: student.studentId,
        locationId: location.id,
        inicio,
        fim,
        observacoes: `Trazer o atestado de ${NOME}`,
      })
    ).json();
    await t.project();
    expect(
      (await trainer.api.patch(`/api/sessions/${session.id}`, { status: 'cancelada' })).statusCode,
    ).toBe(200);
    await t.project();
    const fees = (await trainer.api.get(`/api/charges?studentId=${student.studentId}`)).json()
      .items;
    expect(fees.map((item: { origem: string }) => item.origem).sort()).toEqual(['avulsa', 'taxa']);
    const month = today().slice(0, 7);
    const other = await t.signUp('Outra Pessoa');
    const summaryBefore = (await trainer.api.get(`/api/finance/summary?month=${month}`)).json();
    expect(summaryBefore.recebido).toBe(200);

    // Before: the trainer and the student get everything held about them.
    const exported = await trainer.api.get(`/api/students/${student.studentId}/export`);
    expect(exported.statusCode).toBe(200);
    const held = exported.json();
    expect(held.titular).toEqual({ id: student.studentId, nome: NOME });
    expect(Object.keys(held.tabelas)).toEqual(
      expect.arrayContaining([
        'students',
        'sessions',
        'charges',
        'contract_signatures',
        'credit_ledger',
        'finance_transactions',
        'profiles',
        'users',
      ]),
    );
    expect(held.tabelas.contract_signatures).toHaveLength(1);
    expect(held.tabelas.contract_signatures[0]).toMatchObject({ cpf: '11144477735', nome: NOME });
    expect(held.tabelas.users).toEqual([expect.objectContaining({ email })]);
    expect(held.eventos[0]).toMatchObject({ tipo: 'StudentRegistered', dados: { nome: NOME } });
    const own = (await student.api.get('/api/student/export')).json();
    expect(own.titular).toEqual(held.titular);
    expect(Object.keys(own.tabelas).sort()).toEqual(Object.keys(held.tabelas).sort());
    expect((await other.api.get(`/api/students/${student.studentId}/export`)).statusCode).toBe(404);

    // The same, read by a person: a PDF summary with a section per kind of data.
    const pdf = await trainer.api.get(`/api/students/${student.studentId}/export.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const summary = pdfText(pdf.rawPayload);
    for (const heading of [
      'Dados pessoais',
      'Sessões',
      'Créditos',
      'Pagamentos',
      'Contratos e consentimentos',
    ])
      expect(summary).toContain(heading);
    expect(summary).toContain(NOME);
    expect(summary).toContain(CPF);
    expect(summary).toContain(email);
    expect(summary).toContain('Termo de adesão (versão 1)');
    expect(summary).toContain('aceitou os termos');
    expect(summary.match(/Termo de adesão \(versão 1\)/g)).toHaveLength(1);
    expect(summary).toContain('(81) 99123-4567');
    // By month: the session (cancelled) and the credits (the plan's 4 came in).
    expect(summary).toContain('1 sessão: 1 cancelada');
    expect(summary).toMatch(/entraram 4 · saldo ao fim do mês 4/);
    expect(summary).toMatch(/R\$\s200,00/);
    const ownPdf = await student.api.get('/api/student/export.pdf');
    expect(ownPdf.statusCode).toBe(200);
    expect(pdfText(ownPdf.rawPayload)).toContain('Contratos e consentimentos');
    // The consents given, as the student's area lists them.
    const consents = await student.api.get('/api/student/consents');
    expect(consents.statusCode).toBe(200);
    expect(consents.json().items).toEqual([
      {
        signatureId: expect.any(String),
        contractId: contract.id,
        titulo: 'Termo de adesão',
        versao: 1,
        signedAt: expect.any(String),
        consentDataProcessing: true,
        consentTerms: true,
      },
    ]);
    expect((await trainer.api.get('/api/student/consents')).statusCode).toBe(403);
    expect(
      (await other.api.get(`/api/students/${student.studentId}/export.pdf`)).statusCode,
    ).toBe(404);

    // The confirmation must be the student's name.
    const wrong = await trainer.api.post(`/api/students/${student.studentId}/erase`, {
      confirm: 'Helena',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ERASE_CONFIRMATION_MESSAGE);
    expect(
      (await trainer.api.post(`/api/students/${student.studentId}/erase`, {})).statusCode,
    ).toBe(400);
    expect(
      (await other.api.post(`/api/students/${student.studentId}/erase`, { confirm: NOME }))
        .statusCode,
    ).toBe(404);

    // Exactly as registered: the name in other letters is not it.
    const otherCase = await trainer.api.post(`/api/students/${student.studentId}/erase`, {
      confirm: NOME.toLowerCase(),
    });
    expect(otherCase.statusCode).toBe(400);
    expect(otherCase.json().message).toBe(ERASE_CONFIRMATION_MESSAGE);

    const erased = await trainer.api.post(`/api/students/${student.studentId}/erase`, {
      confirm: `  ${NOME} `,
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ id: expect.any(String), position: expect.any(Number) });
    await t.project();
    expect(
      (await trainer.api.post(`/api/students/${student.studentId}/erase`, { confirm: NOME }))
        .statusCode,
    ).toBe(404);

    // The dump of the whole database, events and keys included (the jest worker's other suites
    // share it: only what is this student's alone is looked for).
    const dump = execFileSync('pg_dump', ['--data-only', t.config.DATABASE_URL], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString();
    expect(dump).toContain(student.studentId);
    for (const trace of [
      NOME,
      CPF,
      '11144477735',
      TELEFONE,
      '81991234567',
      WHATSAPP,
      email,
      IP,
    ])
      expect({
        trace,
        found: dump.split('\n').filter((line) => line.includes(trace)),
      }).toEqual({ trace, found: [] });

    // What the law lets the trainer keep stays: the money, and the signature's evidence.
    expect((await trainer.api.get(`/api/finance/summary?month=${month}`)).json()).toEqual(
      summaryBefore,
    );
    const [signature] = (await trainer.api.get(`/api/contracts/${contract.id}/signatures`)).json()
      .items;
    expect(signature).toMatchObject({ nome: 'Titular removido', ipAddress: '203.0.113.0' });
    expect(signature.sha256).toMatch(/^[0-9a-f]{64}$/);
    const charges = (await trainer.api.get(`/api/charges?studentId=${student.studentId}`)).json()
      .items;
    expect(charges).toHaveLength(2);
    expect(
      charges.map((item: { valor: number }) => item.valor).sort((a: number, b: number) => a - b),
    ).toEqual([25, 200]);
    // Gone from the students, and from sign-in.
    expect((await trainer.api.get('/api/students')).json().items).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'segredo1' },
    });
    expect(login.statusCode).toBe(401);

    // A rebuild from the log gives the same read models.
    const db = t.app.get<Db>(DATABASE);
    const live = await readModelsOf(db, trainer.tenantId);
    for (const projection of PROJECTIONS) await rebuildProjection(db, projection);
    expect(await readModelsOf(db, trainer.tenantId)).toEqual(live);
  });

  it('a student asks that their data be erased: the trainer is e-mailed, sees it on the student, and confirms', async () => {
    const trainer = await t.signUp('Marta Ribeiro');
    const nome = 'Otávio Pedido Ferraz';
    const student = await t.student(trainer, nome);
    const other = await t.signUp('Outra Pessoa');
    const before = (await trainer.api.get(`/api/students/${student.studentId}`)).json();
    expect(before.exclusaoPedidaEm).toBeNull();

    const asked = await student.api.post('/api/student/erase-request');
    expect(asked.statusCode).toBe(200);
    await t.project();
    const again = await student.api.post('/api/student/erase-request');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Você já pediu a exclusão dos seus dados: o personal vai confirmar',
    );

    const db = t.app.get<Db>(DATABASE);
    const trainerEmail = (await trainer.api.get('/api/me')).json().email;
    const mails = await db
      .selectFrom('devMailbox')
      .selectAll()
      .where('subject', '=', `Pedido de exclusão de dados: ${nome}`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(trainerEmail);
    const dia = today().split('-').reverse().join('/');
    expect(mails[0].textBody).toContain(`${nome} pediu em ${dia} a exclusão dos seus dados`);
    expect(mails[0].textBody).toContain(`/alunos/${student.studentId}`);

    const seen = (await trainer.api.get(`/api/students/${student.studentId}`)).json();
    expect(seen.exclusaoPedidaEm).toEqual(expect.any(String));
    expect(zonedParts(new Date(seen.exclusaoPedidaEm), 'America/Sao_Paulo').date).toBe(today());
    expect((await other.api.get(`/api/students/${student.studentId}`)).statusCode).toBe(404);

    expect(
      (await trainer.api.post(`/api/students/${student.studentId}/erase`, { confirm: nome }))
        .statusCode,
    ).toBe(200);
    await t.project();
    expect((await trainer.api.get(`/api/students/${student.studentId}`)).statusCode).toBe(404);
    // The notice named the student: it goes with them.
    expect(
      await db.selectFrom('devMailbox').select('id').where('id', '=', mails[0].id).execute(),
    ).toEqual([]);
  });
});
