import { createHash } from 'node:crypto';
import { http } from '../../../../test/support/api';
import { pdfText } from '../../../../test/support/pdf-text';
import { apiFixture } from '../../../../test/support/api-fixture';

const signBody = {
  cpf: '529.982.247-25',
  telefone: '(11) 98765-4321',
  consentDataProcessing: true,
  consentTerms: true,
};

describe('agreements: contracts, signatures and the signed copy', () => {
  const testApp = apiFixture({ TRUST_PROXY: '127.0.0.1' });

  async function trainerWithContract(conteudo = 'Eu, {{nome}}, CPF {{cpf}}, telefone {{telefone}}, contrato {{personal}} em {{data}}.') {
    const trainer = await testApp.signUp();
    const created = await trainer.api.post('/api/contracts', { titulo: 'Termo de adesão', conteudo });
    expect(created.statusCode).toBe(201);
    return { trainer, contractId: created.json().id as string };
  }

  it('creates, lists, signs once with the evidence, and gives both sides the signed copy', async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer);
    expect((await trainer.api.get('/api/contracts')).json().items).toMatchObject([
      { id: contractId, titulo: 'Termo de adesão', tipo: 'termo_personal', versao: 1, isActive: true, assinaturas: 0 },
    ]);
    expect((await student.api.get('/api/student/me')).json().contratosPendentes).toBe(1);
    expect((await student.api.get('/api/student/contracts')).json().items).toEqual([
      expect.objectContaining({ id: contractId, status: 'pendente', tipo: 'termo_personal' }),
    ]);

    const signed = await student.api.post(`/api/contracts/${contractId}/sign`, signBody, {
      'x-forwarded-for': '2001:db8:abcd:12::99, 127.0.0.1',
      'user-agent': 'VitestBrowser/1.0',
    });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ id: contractId, signatureId: expect.any(String) });

    const again = await student.api.post(`/api/contracts/${contractId}/sign`, signBody);
    await testApp.project();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ statusCode: 409, code: 'already_signed', message: 'Você já assinou este contrato' });

    const mine = (await student.api.get('/api/student/contracts')).json().items;
    expect(mine).toEqual([
      expect.objectContaining({ id: contractId, status: 'assinado', signedAt: expect.any(String) }),
    ]);
    expect(mine[0].conteudo).toMatch(/^Eu, Ana Souza, CPF 529\.982\.247-25, telefone \(11\) 98765-4321, contrato Carlos Lima em \d\d\/\d\d\/\d{4}\.$/);
    expect((await student.api.get('/api/student/me')).json().contratosPendentes).toBe(0);

    const signatures = (await trainer.api.get(`/api/contracts/${contractId}/signatures`)).json().items;
    expect(signatures).toEqual([
      expect.objectContaining({
        studentId: student.studentId,
        nome: 'Ana Souza',
        cpf: '529.982.247-25',
        telefone: '(11) 98765-4321',
        ipAddress: '2001:db8:abcd::',
        userAgent: 'VitestBrowser/1.0',
        consentDataProcessing: true,
        consentTerms: true,
        versao: 1,
        sha256: createHash('sha256').update(mine[0].conteudo).digest('hex'),
      }),
    ]);
    expect((await trainer.api.get('/api/contracts')).json().items[0].assinaturas).toBe(1);

    const trainerPdf = await trainer.api.get(`/api/contracts/${contractId}/signatures/${signatures[0].id}.pdf`);
    expect(trainerPdf.statusCode).toBe(200);
    expect(trainerPdf.headers['content-type']).toBe('application/pdf');
    const studentPdf = await student.api.get(`/api/student/contracts/${contractId}/signed.pdf`);
    expect(studentPdf.statusCode).toBe(200);
    for (const pdf of [trainerPdf, studentPdf]) {
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Termo de adesão');
      expect(text).toContain('Ana Souza');
      expect(text).toContain('529.982.247-25');
      expect(text).toContain('2001:db8:abcd::');
      expect(text).toContain(signatures[0].sha256);
    }
  });

  it('anonymizes an IPv4 client (X-Forwarded-For only from the trusted proxy)', async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer, 'Bruno Reis');
    const signed = await testApp.app.inject({
      method: 'POST',
      url: `/api/contracts/${contractId}/sign`,
      payload: signBody,
      remoteAddress: '198.51.100.23',
      headers: { authorization: `Bearer ${student.token}`, 'x-forwarded-for': '203.0.113.77' },
    });
    expect(signed.statusCode).toBe(201);
    await testApp.project();
    const [signature] = (await trainer.api.get(`/api/contracts/${contractId}/signatures`)).json().items;
    // 198.51.100.23 is not a trusted proxy: its forwarded header is ignored.
    expect(signature.ipAddress).toBe('198.51.100.0');
  });

  it('signs once under concurrency: one 201, the rest 409 already_signed', async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer, 'Clara Dias');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => student.api.post(`/api/contracts/${contractId}/sign`, signBody)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    await testApp.project();
    expect((await trainer.api.get(`/api/contracts/${contractId}/signatures`)).json().items).toHaveLength(1);
  });

  it('a new version when a signed text changes: the signature keeps its text, the student signs again', async () => {
    const { trainer, contractId } = await trainerWithContract('Versão um, {{nome}}.');
    const student = await testApp.student(trainer, 'Davi Rocha');
    expect((await student.api.post(`/api/contracts/${contractId}/sign`, signBody)).statusCode).toBe(201);
    const edited = await trainer.api.patch(`/api/contracts/${contractId}`, { conteudo: 'Versão dois, {{nome}}.' });
    expect(edited.statusCode).toBe(200);
    await testApp.project();
    expect((await trainer.api.get('/api/contracts')).json().items[0]).toMatchObject({
      versao: 2,
      conteudo: 'Versão dois, {{nome}}.',
      assinaturas: 0,
      assinaturasTotal: 1,
    });
    expect((await student.api.get('/api/student/contracts')).json().items[0].status).toBe('pendente');
    expect((await student.api.post(`/api/contracts/${contractId}/sign`, signBody)).statusCode).toBe(201);
    await testApp.project();
    const texts = (await trainer.api.get(`/api/contracts/${contractId}/signatures`)).json().items;
    expect(texts.map((signature: { versao: number }) => signature.versao)).toEqual([1, 2]);
    const copy = pdfText((await student.api.get(`/api/student/contracts/${contractId}/signed.pdf`)).rawPayload);
    expect(copy).toContain('Versão dois, Davi Rocha.');
  });

  it("deactivates: out of the trainer's list but under 'Inativos', no new signature (404); the student keeps the one they signed, with its copy", async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer, 'Eva Nunes');
    expect((await student.api.post(`/api/contracts/${contractId}/sign`, signBody)).statusCode).toBe(201);
    const other = (await trainer.api.post('/api/contracts', { titulo: 'Outro', conteudo: 'Texto' })).json().id;
    expect((await trainer.api.patch(`/api/contracts/${other}`, { isActive: false })).statusCode).toBe(200);
    expect((await trainer.api.patch(`/api/contracts/${contractId}`, { isActive: false })).statusCode).toBe(200);
    await testApp.project();
    expect((await trainer.api.get('/api/contracts')).json().items).toEqual([]);
    // Out of the list, still there for the trainer, with its signatures.
    const inactive = await trainer.api.get(`/api/contracts/${contractId}`);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toMatchObject({ id: contractId, isActive: false, assinaturas: 1 });
    const withInactive = (await trainer.api.get('/api/contracts?inativos=true')).json().items;
    expect(withInactive.map(({ titulo, isActive }: { titulo: string; isActive: boolean }) => [titulo, isActive])).toEqual([
      ['Outro', false],
      ['Termo de adesão', false],
    ]);
    // The student keeps the one they signed (not the one they never signed), marked inactive.
    expect((await student.api.get('/api/student/contracts')).json().items).toEqual([
      expect.objectContaining({ id: contractId, status: 'assinado', ativo: false }),
    ]);
    const refused = await student.api.post(`/api/contracts/${other}/sign`, signBody);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found', message: 'Contrato não encontrado' });
    expect((await student.api.get(`/api/student/contracts/${contractId}/signed.pdf`)).statusCode).toBe(200);
  });

  it('validates in pt-BR naming the field and writes nothing', async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer, 'Fábio Melo');
    await testApp.project();
    const before = await testApp.countEvents();
    const cases: [ReturnType<typeof http>, string, Record<string, unknown>, string][] = [
      [trainer.api, '/api/contracts', { titulo: '  ', conteudo: 'x' }, 'Título é obrigatório'],
      [trainer.api, '/api/contracts', { titulo: 'T' }, 'Conteúdo é obrigatório'],
      [trainer.api, '/api/contracts', { titulo: 'T', conteudo: 'x', tipo: 'outro' }, 'Tipo inválido'],
      [student.api, `/api/contracts/${contractId}/sign`, { ...signBody, cpf: '529.982.247-2' }, 'CPF inválido'],
      [student.api, `/api/contracts/${contractId}/sign`, { ...signBody, cpf: '111.111.111-11' }, 'CPF inválido'],
      [student.api, `/api/contracts/${contractId}/sign`, { ...signBody, telefone: '1234' }, 'Telefone inválido'],
      [student.api, `/api/contracts/${contractId}/sign`, { ...signBody, consentTerms: false }, 'concordar com os termos'],
      [student.api, `/api/contracts/${contractId}/sign`, { ...signBody, consentDataProcessing: 'sim' }, 'LGPD'],
    ];
    for (const [api, url, body, message] of cases) {
      const answer = await api.post(url, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const patch = await trainer.api.patch(`/api/contracts/${contractId}`, { isActive: true });
    expect(patch.statusCode).toBe(400);
    expect(await testApp.countEvents()).toBe(before);
  });

  it('roles and tenants: students off trainer routes, trainers off student routes, other tenants 404', async () => {
    const { trainer, contractId } = await trainerWithContract();
    const student = await testApp.student(trainer, 'Gil Prado');
    const signed = (await student.api.post(`/api/contracts/${contractId}/sign`, signBody)).json();
    await testApp.project();
    const trainerRoutes: [string, string, unknown?][] = [
      ['GET', '/api/contracts'],
      ['POST', '/api/contracts', { titulo: 'T', conteudo: 'x' }],
      ['GET', `/api/contracts/${contractId}`],
      ['PATCH', `/api/contracts/${contractId}`, { isActive: false }],
      ['GET', `/api/contracts/${contractId}/signatures`],
      ['GET', `/api/contracts/${contractId}/signatures/${signed.signatureId}.pdf`],
    ];
    for (const [method, url, payload] of trainerRoutes) {
      const answer = await testApp.app.inject({
        method: method as 'GET',
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${student.token}` },
      });
      expect([url, answer.statusCode]).toEqual([url, 403]);
    }
    for (const url of ['/api/student/contracts', `/api/student/contracts/${contractId}/signed.pdf`, '/api/student/me'])
      expect([url, (await trainer.api.get(url)).statusCode]).toEqual([url, 403]);
    expect((await trainer.api.post(`/api/contracts/${contractId}/sign`, signBody)).statusCode).toBe(403);

    // Another tenant's trainer and student: 404 everywhere.
    const { api: stranger } = await testApp.trainer();
    expect((await stranger.get(`/api/contracts/${contractId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/contracts/${contractId}/signatures`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/contracts/${contractId}`, { isActive: false })).statusCode).toBe(404);
    const strangersCopy = await stranger.get(`/api/contracts/${contractId}/signatures/${signed.signatureId}.pdf`);
    expect(strangersCopy.statusCode).toBe(404);
    // Its own trainer, a signature id that is not one: said in pt-BR, the noun's gender respected.
    const unknownSignature = await trainer.api.get(`/api/contracts/${contractId}/signatures/nao-existe.pdf`);
    expect(unknownSignature.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'Assinatura não encontrada' });
    const otherTrainer = await testApp.signUp('Helena Paz');
    const otherStudent = await testApp.student(otherTrainer, 'Ivo Castro');
    expect((await otherStudent.api.post(`/api/contracts/${contractId}/sign`, signBody)).statusCode).toBe(404);
    expect((await otherStudent.api.get(`/api/student/contracts/${contractId}/signed.pdf`)).statusCode).toBe(404);
    expect((await otherStudent.api.get('/api/student/contracts')).json().items).toEqual([]);
    // Another student of the same trainer cannot read this student's signed copy.
    const sibling = await testApp.student(trainer, 'Joana Luz');
    expect((await sibling.api.get('/api/student/contracts')).json().items[0].status).toBe('pendente');
    expect((await sibling.api.get(`/api/student/contracts/${contractId}/signed.pdf`)).statusCode).toBe(404);
  });
});
