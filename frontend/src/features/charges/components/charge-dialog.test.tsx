import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlan, makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { ChargeDialog } from './charge-dialog';

jest.mock('qrcode', () => ({ toString: async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }));

const plan = makePlan({ id: 'p8', nome: 'Mensal 8 aulas', valor: 480, creditos: 8, valorPorCredito: 60 });

const student = makeStudent({ id: 's1', nome: 'Bruno Lima', whatsapp: '11987654321' });

const BR_CODE = '00020126360014br.gov.bcb.pix0114529982247250000';

describe('Cobrança Online', () => {
  let api: ApiStub;
  let status = 'pendente';
  beforeEach(() => {
    status = 'pendente';
    api = stubApi({
      'GET /api/students': () => ({ status: 200, body: { items: [student] } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [plan] } }),
      'GET /api/settings/receipts': () => ({ status: 200, body: { emiteRecibo: true } }),
      'POST /api/charges': () => ({
        status: 201,
        body: { id: 'c1', valor: 480, txid: 'T1', brCode: BR_CODE, status: 'pendente', transactionId: null, position: 1 },
      }),
      'GET /api/charges/c1': () => ({ status: 200, body: { id: 'c1', status, transactionId: status === 'paga' ? 'tx1' : null } }),
      'POST /api/charges/c1/confirm': () => {
        status = 'paga';
        return {
          status: 200,
          body: { id: 'c1', valor: 480, txid: 'T1', brCode: BR_CODE, status: 'paga', transactionId: 'tx1', position: 3 },
        };
      },
    });
  });

  it("asks for a plan ('Selecione um plano'), then shows the QR code, 'Pix Copia e Cola', WhatsApp, and marks it paid", async () => {
    const user = userEvent.setup();
    renderAt(<ChargeDialog studentId="s1" onClose={() => undefined} />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança Online' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerar link de pagamento' }));
    expect(await screen.findByText('Selecione um plano')).toBeInTheDocument();
    expect(screen.getByText('Você precisa selecionar um plano para gerar o link de pagamento.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /Mensal 8 aulas/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar link de pagamento' }));
    expect(await within(dialog).findByRole('img', { name: 'QR Code PIX' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pix Copia e Cola')).toHaveValue(BR_CODE);
    const whatsapp = within(dialog).getByRole('link', { name: 'Enviar WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=.*br\.gov\.bcb\.pix/);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ studentId: 's1', planId: 'p8' });

    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pago' }));
    expect(await within(dialog).findByText('Pagamento confirmado')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Baixar recibo' })).toBeInTheDocument();
  });

  it("says where to set the PIX key when it is not configured", async () => {
    api.restore();
    api = stubApi({
      'GET /api/students': () => ({ status: 200, body: { items: [{ ...student, planoId: 'p8' }] } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [plan] } }),
      'POST /api/charges': () => ({
        status: 422,
        body: { statusCode: 422, code: 'pix_not_configured', message: 'Configure sua chave PIX em Ajustes › Recebimento por PIX para gerar cobranças' },
      }),
    });
    const user = userEvent.setup();
    renderAt(<ChargeDialog studentId="s1" onClose={() => undefined} />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança Online' });
    await within(dialog).findByRole('radio', { name: /Mensal 8 aulas/, checked: true });
    await user.click(within(dialog).getByRole('button', { name: 'Gerar link de pagamento' }));
    expect(await within(dialog).findByText('Chave PIX não configurada')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Configurar agora' })).toHaveAttribute('href', '/ajustes/pix');
  });
});
