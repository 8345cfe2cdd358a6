import { pdfPageCount, pdfText } from '../../../../test/support/pdf-text';
import { renderPdf } from './pdf-document';

describe('renderPdf', () => {
  it('writes a PDF whose text a reader finds: title, fields, paragraphs, accents, footer', async () => {
    const pdf = await renderPdf({
      title: 'Recibo nº 12',
      subtitle: 'Emitido em 22/11/2026',
      author: 'Ana Souza',
      blocks: [
        {
          kind: 'fields',
          rows: [
            ['Recebi de', 'João Conceição'],
            ['Valor', 'R$ 450,00'],
          ],
        },
        {
          kind: 'paragraph',
          text: 'A importância de quatrocentos e cinquenta reais, referente ao Plano Mensal — 8 aulas.',
        },
        { kind: 'signature', lines: ['Ana Souza', 'CPF 529.982.247-25'] },
      ],
      footer: 'SHA-256 abc123',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf);
    for (const expected of [
      'Recibo nº 12',
      'Emitido em 22/11/2026',
      'João Conceição',
      'R$ 450,00',
      'quatrocentos e cinquenta reais',
      'Plano Mensal — 8 aulas',
      'CPF 529.982.247-25',
      'SHA-256 abc123',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdfPageCount(pdf)).toBe(1);
  });

  it('breaks a long text over pages and numbers every page', async () => {
    const paragraph = 'Cláusula de teste com texto suficiente para ocupar linhas. '.repeat(40);
    const pdf = await renderPdf({
      title: 'Contrato',
      author: 'Vira',
      blocks: Array.from({ length: 8 }, () => ({ kind: 'paragraph' as const, text: paragraph })),
    });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(pdfText(pdf)).toContain(`Página ${pages} de ${pages}`);
  });

  it('keeps text it cannot encode readable instead of failing', async () => {
    const pdf = await renderPdf({ title: 'Obrigado 💪 pelo treino', author: 'Vira', blocks: [] });
    expect(pdfText(pdf)).toContain('Obrigado ? pelo treino');
  });
});
