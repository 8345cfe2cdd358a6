import type { PersonalDataExport } from '../../../contracts/shared/personal-data';
import type { PdfBlock } from '../../pdf/pdf-document';
import { personalDataPdfContent } from '../export-pdf';

const TZ = 'America/Sao_Paulo';

const data = (tabelas: PersonalDataExport['tabelas']): PersonalDataExport => ({
  geradoEm: '2026-11-24T15:00:00.000Z',
  titular: { id: '0190a0b0-0000-7000-8000-000000000001', nome: 'Helena Prado' },
  tabelas,
  eventos: [],
});

/** The rows under a heading, or its paragraph when it has none. */
function section(blocks: readonly PdfBlock[], heading: string) {
  const at = blocks.findIndex((block) => block.kind === 'heading' && block.text === heading);
  const next = blocks[at + 1];
  return next?.kind === 'fields' ? next.rows : next?.kind === 'paragraph' ? next.text : undefined;
}

describe('the readable summary of a personal data export', () => {
  it('counts sessions and credits by month, in São Paulo, and lists payments and consents one by one', () => {
    const { blocks, subtitle } = personalDataPdfContent(
      data({
        students: [{ nome: 'Helena Prado', whatsapp: '81991234567', creditos: 3, created_at: '2026-09-01T12:00:00Z' }],
        sessions: [
          { inicio: '2026-10-01T02:30:00Z', status: 'feita' }, // 30/09 23:30 in São Paulo
          { inicio: '2026-10-05T12:00:00Z', status: 'feita' },
          { inicio: '2026-10-06T12:00:00Z', status: 'cancelada' },
        ],
        credit_ledger: [
          { position: 1, occurred_at: '2026-09-10T12:00:00Z', amount: 4, balance_after: 4 },
          { position: 2, occurred_at: '2026-09-10T12:00:01Z', amount: 0, balance_after: 4, valor: 200 },
          { position: 3, occurred_at: '2026-10-05T13:00:00Z', amount: -1, balance_after: 3 },
        ],
        finance_transactions: [
          { data: '2026-09-10', valor: 200, descricao: 'Pacote 4', metodo_pagamento: 'pix', status: 'ativa' },
        ],
        contract_signatures: [
          {
            titulo: 'Termo de adesão',
            versao: 2,
            signed_at: '2026-09-02T13:00:00Z',
            consent_terms: true,
            consent_data_processing: true,
            sha256: 'ab'.repeat(32),
            cpf: '11144477735',
          },
        ],
      }),
      TZ,
    );
    expect(subtitle).toBe('Helena Prado · gerado em 24/11/2026 12:00');
    expect(section(blocks, 'Dados pessoais')).toEqual(
      expect.arrayContaining([
        ['Nome', 'Helena Prado'],
        ['WhatsApp', '(81) 99123-4567'],
        ['CPF', '111.444.777-35'],
        ['Saldo de créditos', '3'],
      ]),
    );
    expect(section(blocks, 'Sessões')).toEqual([
      ['09/2026', '1 sessão: 1 realizada'],
      ['10/2026', '2 sessões: 1 realizada, 1 cancelada'],
    ]);
    expect(section(blocks, 'Créditos')).toEqual([
      ['09/2026', 'entraram 4 · saldo ao fim do mês 4'],
      ['10/2026', 'saíram 1 · saldo ao fim do mês 3'],
    ]);
    expect(section(blocks, 'Pagamentos')).toEqual([['10/09/2026', 'R$\u00a0200,00 · Pacote 4 · PIX · Recebido']]);
    expect(section(blocks, 'Contratos e consentimentos')).toEqual([
      [
        '02/09/2026 10:00',
        `Termo de adesão (versão 2) · aceitou os termos · consentiu com o tratamento de dados · SHA-256 ${'ab'.repeat(32)}`,
      ],
    ]);
  });

  it('says when a section has nothing', () => {
    const { blocks } = personalDataPdfContent(data({}), TZ);
    expect(section(blocks, 'Sessões')).toBe('Nenhuma sessão.');
    expect(section(blocks, 'Contratos e consentimentos')).toBe('Nenhum contrato assinado.');
  });
});
