import { writeFileSync } from 'node:fs';
import { http } from '../../../../test/support/api';
import { pdfPageCount, pdfText } from '../../../../test/support/pdf-text';
import { apiFixture } from '../../../../test/support/api-fixture';

describe('receipts (GET /api/transactions/:id/receipt.pdf)', () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;

  /** A trainer signed up for real: the receipt carries their name and CPF. */
  beforeEach(async () => {
    ({ api } = await t.signUp('Carla Mendes Personal'));
  });

  async function receita(extra: Record<string, unknown> = {}) {
    const response = await api.post('/api/transactions', {
      tipo: 'receita',
      valor: 1234.56,
      data: '2026-03-10',
      descricao: 'Mensalidade de março',
      metodoPagamento: 'pix',
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  it('renders the receipt: sequential number, trainer name and CPF, student, valor in figures and words, date, method', async () => {
    const student = (await api.post('/api/students', { nome: 'João Gonçalves' })).json()
      .id as string;
    const first = await receita({ studentId: student });
    const second = await receita({
      valor: 80,
      descricao: 'Aula avulsa',
      metodoPagamento: 'dinheiro',
    });
    await t.project();

    const response = await api.get(`/api/transactions/${first}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="recibo-000001.pdf"',
    );
    const pdf = response.rawPayload;
    if (process.env.RECEIPT_PDF_OUT) writeFileSync(process.env.RECEIPT_PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Recibo nº 000001',
      'Carla Mendes Personal',
      '529.982.247-25',
      'João Gonçalves',
      'R$ 1.234,56',
      'mil duzentos e trinta e quatro reais e cinquenta e seis centavos',
      '10/03/2026',
      'PIX',
      'Mensalidade de março',
    ])
      expect(text).toContain(expected);

    // The same receipt keeps its number; the next receita gets the next one.
    const again = await api.get(`/api/transactions/${first}/receipt.pdf`);
    expect(pdfText(again.rawPayload)).toContain('Recibo nº 000001');
    const next = await api.get(`/api/transactions/${second}/receipt.pdf`);
    expect(next.headers['content-disposition']).toBe('attachment; filename="recibo-000002.pdf"');
    expect(pdfText(next.rawPayload)).toContain('oitenta reais');
    expect(pdfText(next.rawPayload)).toContain('Dinheiro');
  });

  it('numbers receipts issued at once without a gap or a repeat', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, index) => receita({ valor: 10 + index })),
    );
    await t.project();
    const answers = await Promise.all(
      ids.map((id) => api.get(`/api/transactions/${id}/receipt.pdf`)),
    );
    const numbers = answers.map(
      (answer) => /recibo-(\d+)\.pdf/.exec(String(answer.headers['content-disposition']))?.[1],
    );
    expect(numbers.sort()).toEqual(['000001', '000002', '000003', '000004', '000005', '000006']);
  });

  it('a despesa has no receipt; an unknown id, another tenant and a student are refused', async () => {
    const despesa = (
      await api.post('/api/transactions', {
        tipo: 'despesa',
        valor: 50,
        data: '2026-03-10',
        descricao: 'Aluguel',
        metodoPagamento: 'pix',
      })
    ).json().id as string;
    const id = await receita();
    await t.project();
    expect((await api.get(`/api/transactions/${despesa}/receipt.pdf`)).statusCode).toBe(409);
    expect((await api.get('/api/transactions/nao-e-id/receipt.pdf')).statusCode).toBe(404);
    const { api: intruder } = await t.trainer();
    expect((await intruder.get(`/api/transactions/${id}/receipt.pdf`)).statusCode).toBe(404);
    const aluno = t.as(await t.principal('aluno'));
    expect((await aluno.get(`/api/transactions/${id}/receipt.pdf`)).statusCode).toBe(403);
    expect((await api.get('/api/settings/receipts')).json()).toEqual({ emiteRecibo: false });
  });
});
