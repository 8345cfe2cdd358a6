import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { amountInWords } from '../../contracts/finance/amount-in-words';
import { formatCpf } from '../../contracts/shared/br-documents';
import type { OnboardingEvent } from '../../contracts/identity/events';
import { PAYMENT_METHOD_LABELS, type Transaction } from '../../contracts/finance/api';
import { formatCentavos } from '../../contracts/shared/money';
import type { Database } from '../../platform/database/database';
import { loadState } from '../../platform/event-store/load-state';
import { type PdfContent, renderPdf } from '../../platform/pdf/pdf-document';

const UNIQUE_VIOLATION = '23505';
const MAX_NUMBER_ATTEMPTS = 20;

/**
 * The receipt number of a receita: given once, the tenant's next (1, 2, 3, ...), when its receipt
 * is first issued; the same number every time after. Two receipts issued at once get two numbers.
 */
export async function receiptNumber(
  db: Kysely<Database>,
  tenantId: string,
  transactionId: string,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const existing = await db
      .selectFrom('financeReceiptNumbers')
      .select('numero')
      .where('tenantId', '=', tenantId)
      .where('transactionId', '=', transactionId)
      .executeTakeFirst();
    if (existing) return existing.numero;
    try {
      const inserted = await db
        .insertInto('financeReceiptNumbers')
        .columns(['tenantId', 'transactionId', 'numero'])
        .expression((eb) =>
          eb
            .selectFrom('financeReceiptNumbers')
            .select([
              sql<string>`${tenantId}::uuid`.as('tenantId'),
              sql<string>`${transactionId}::uuid`.as('transactionId'),
              sql<number>`coalesce(max(numero), 0) + 1`.as('numero'),
            ])
            .where('tenantId', '=', tenantId),
        )
        .returning('numero')
        .executeTakeFirstOrThrow();
      return inserted.numero;
    } catch (error) {
      // Another request took that number (or numbered this receita) first: read or number again.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= MAX_NUMBER_ATTEMPTS)
        throw error;
    }
  }
}

/** Whether the trainer said in the onboarding that they issue receipts (emite_recibo). */
export async function issuesReceipts(db: Kysely<Database>, tenantId: string): Promise<boolean> {
  const { state } = await loadState(db, tenantId, tenantId, {
    initialState: () => false,
    evolve: (issues, event: OnboardingEvent) =>
      event.type === 'OnboardingCompleted'
        ? event.data.onboardingData.emite_recibo === true
        : issues,
  });
  return state;
}

export interface ReceiptFacts {
  numero: number;
  transaction: Transaction;
  trainer: { nome: string; cpf: string | null };
  studentNome: string | null;
  issuedAt: Date;
}

const brazilianDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The receipt's content: who received, from whom, how much (in figures and in words), when, how, for what. */
export function receiptContent({
  numero,
  transaction,
  trainer,
  studentNome,
  issuedAt,
}: ReceiptFacts): PdfContent {
  const centavos = Math.round(transaction.valor * 100);
  const valor = formatCentavos(centavos).replace(/\u00a0/g, ' ');
  const words = amountInWords(centavos);
  const cpf = trainer.cpf ? formatCpf(trainer.cpf) : 'não informado';
  const payer = studentNome ?? 'não identificado';
  const metodo = PAYMENT_METHOD_LABELS[transaction.metodoPagamento];
  const numeroText = String(numero).padStart(6, '0');
  return {
    title: `Recibo nº ${numeroText}`,
    subtitle: `Emitido em ${issuedAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`,
    author: trainer.nome,
    blocks: [
      { kind: 'emphasis', text: `Valor: ${valor}` },
      {
        kind: 'paragraph',
        text:
          `Recebi de ${payer} a importância de ${valor} (${words}), referente a ` +
          `${transaction.descricao}, paga por ${metodo} em ${brazilianDate(transaction.data)}, ` +
          'dando plena quitação do valor recebido.',
      },
      {
        kind: 'fields',
        rows: [
          ['Recebedor', trainer.nome],
          ['CPF do recebedor', cpf],
          ['Pagador', payer],
          ['Valor', valor],
          ['Valor por extenso', words],
          ['Data do pagamento', brazilianDate(transaction.data)],
          ['Forma de pagamento', metodo],
          ['Descrição', transaction.descricao],
        ],
      },
      { kind: 'signature', lines: [trainer.nome, `CPF ${cpf}`] },
    ],
    footer: `Recibo nº ${numeroText} emitido pelo Vira · transação ${transaction.id}`,
  };
}

export const renderReceipt = (facts: ReceiptFacts): Promise<Buffer> =>
  renderPdf(receiptContent(facts));
