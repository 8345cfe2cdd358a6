/**
 * Getting paid, where the trainer waits: building a charge's static BR Code (EMV payload + CRC16)
 * and drawing its QR code (the `qrcode` library the dialog loads, here in Node), and rendering a
 * receipt PDF (pdfkit, as GET /api/transactions/:id/receipt.pdf does). Pure CPU, no services.
 * Budgets: BR Code + QR p99 under 5 ms; receipt under 100 ms.
 *
 *   npm run bench:charges            (BENCH_CHARGES_ROUNDS=2000 by default)
 */
import { create, toString as qrSvg } from 'qrcode';
import { buildBrCode } from '../backend/src/contracts/charges/pix';
import { renderReceipt } from '../backend/src/finance/queries/receipts';
import { percentile, round } from './support/stats';

const ROUNDS = Number(process.env.BENCH_CHARGES_ROUNDS ?? 2_000);
const RECEIPTS = Math.max(50, Math.round(ROUNDS / 10));

const figures = (samples: number[]) => ({
  p50: round(percentile(samples, 50), 2),
  p95: round(percentile(samples, 95), 2),
  p99: round(percentile(samples, 99), 2),
  max: round(Math.max(...samples), 2),
});

async function timed(rounds: number, run: (index: number) => Promise<unknown>): Promise<number[]> {
  // Warm-up: the first calls load fonts and compile code.
  for (let index = 0; index < 20; index++) await run(index);
  const samples: number[] = [];
  for (let index = 0; index < rounds; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function main(): Promise<void> {
  const txid = (index: number) => `VIRA${String(index).padStart(21, '0')}`;
  const brCodeOnly = await timed(ROUNDS, async (index) =>
    buildBrCode({
      chave: '52998224725',
      nomeRecebedor: 'ANA SOUZA PERSONAL',
      cidade: 'SAO PAULO',
      valorCentavos: 48_000 + index,
      txid: txid(index),
    }),
  );
  const withQr = await timed(ROUNDS, async (index) => {
    const code = buildBrCode({
      chave: 'ana.souza@exemplo.com.br',
      nomeRecebedor: 'ANA SOUZA PERSONAL',
      cidade: 'SAO PAULO',
      valorCentavos: 48_000 + index,
      txid: txid(index),
    });
    // What the dialog draws: the QR code as SVG (the matrix, then its path).
    return qrSvg(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  });
  const matrixOnly = await timed(ROUNDS, async (index) =>
    create(
      buildBrCode({
        chave: 'ana.souza@exemplo.com.br',
        nomeRecebedor: 'ANA SOUZA PERSONAL',
        cidade: 'SAO PAULO',
        valorCentavos: 48_000 + index,
        txid: txid(index),
      }),
      { errorCorrectionLevel: 'M' },
    ),
  );
  const receipts = await timed(RECEIPTS, async (index) =>
    renderReceipt({
      numero: index + 1,
      transaction: {
        id: '0190a0b0-0000-7000-8000-000000000001',
        tipo: 'receita',
        valor: 1234.56,
        data: '2026-03-10',
        descricao: 'Pagamento do plano Mensal 8 aulas',
        metodoPagamento: 'pix',
        studentId: null,
        studentNome: null,
        referenciaId: null,
        referenciaTipo: null,
        status: 'ativa',
        createdAt: '2026-03-10T12:00:00Z',
        voidedAt: null,
      },
      trainer: { nome: 'Carla Mendes Personal', cpf: '52998224725' },
      studentNome: 'João Gonçalves',
      issuedAt: new Date(),
    }),
  );

  const result = {
    rounds: ROUNDS,
    brCodeMs: figures(brCodeOnly),
    qrMatrixMs: figures(matrixOnly),
    brCodeAndQrMs: { ...figures(withQr), budgetP99: 5 },
    receiptPdfMs: { ...figures(receipts), rounds: RECEIPTS, budget: 100 },
  };
  console.log('bench:charges');
  console.log(
    `  BR Code                p50 ${result.brCodeMs.p50} ms  p99 ${result.brCodeMs.p99} ms`,
  );
  console.log(
    `  BR Code + QR matrix    p50 ${result.qrMatrixMs.p50} ms  p99 ${result.qrMatrixMs.p99} ms`,
  );
  console.log(
    `  BR Code + QR (SVG)     p50 ${result.brCodeAndQrMs.p50} ms  p95 ${result.brCodeAndQrMs.p95} ms  p99 ${result.brCodeAndQrMs.p99} ms  (budget p99 < 5 ms)`,
  );
  console.log(
    `  receipt PDF            p50 ${result.receiptPdfMs.p50} ms  p95 ${result.receiptPdfMs.p95} ms  p99 ${result.receiptPdfMs.p99} ms  max ${result.receiptPdfMs.max} ms  (budget < 100 ms)`,
  );
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
