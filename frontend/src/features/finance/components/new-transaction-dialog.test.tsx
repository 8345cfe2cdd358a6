import { DEFAULT_ALLOCATION_RULE } from '@contracts/finance/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { NewTransactionDialog } from './new-transaction-dialog';

let api: ApiStub;

function setup() {
  const onClose = jest.fn();
  const user = userEvent.setup();
  renderAt(
    <NewTransactionDialog opened onClose={onClose} today="2026-03-10" rule={DEFAULT_ALLOCATION_RULE} />,
    '/financeiro',
    { queryClient: signInAs(TRAINER_ANA) },
  );
  return { user, onClose, dialog: screen.getByRole('dialog', { name: 'Receita ou Despesa?' }) };
}

describe("'Receita ou Despesa?'", () => {
  it('says what is missing in pt-BR and sends nothing', async () => {
    api = stubApi({ 'GET /api/students': () => ({ status: 200, body: { items: [] } }) });
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Descrição é obrigatória')).toBeInTheDocument();
    expect(within(dialog).getByText('Valor deve ser um número')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('records a receita of today by pix with the allocations adjusted, toasts and suggests the reserve', async () => {
    api = stubApi({
      'GET /api/students': () => ({ status: 200, body: { items: [] } }),
      'POST /api/transactions': () => ({ status: 201, body: { id: 'x1', position: 9 } }),
    });
    const { user, dialog, onClose } = setup();
    await user.type(within(dialog).getByLabelText(/Descrição/), 'Mensalidade Ana');
    await user.type(within(dialog).getByRole('textbox', { name: /Valor \(R\$\)/ }), '100');
    await user.click(within(dialog).getByLabelText('Ajustar alocações'));
    expect(within(dialog).getByRole('textbox', { name: 'Reserva' })).toHaveValue('20,00');
    expect(within(dialog).getByRole('textbox', { name: 'Retirada' })).toHaveValue('80,00');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Reserva' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reserva' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('As alocações devem somar exatamente o valor da transação')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Retirada' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Retirada' }), '70');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Transação criada')).toBeInTheDocument();
    expect(screen.getByText('Guarde R$ 20,00 (20%) deste recebimento.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      tipo: 'receita',
      descricao: 'Mensalidade Ana',
      valor: 100,
      metodoPagamento: 'pix',
      data: '2026-03-10',
      allocations: [
        { tipo: 'imposto', valor: 0 },
        { tipo: 'reserva', valor: 30 },
        { tipo: 'operacional', valor: 0 },
        { tipo: 'retirada', valor: 70 },
      ],
    });
  });

  it("says 'Erro ao criar transação' with the API's message when refused", async () => {
    api = stubApi({
      'GET /api/students': () => ({ status: 200, body: { items: [] } }),
      'POST /api/transactions': () => ({
        status: 404,
        body: { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' },
      }),
    });
    const { user, dialog } = setup();
    await user.type(within(dialog).getByLabelText(/Descrição/), 'Avulso');
    await user.type(within(dialog).getByRole('textbox', { name: /Valor \(R\$\)/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao criar transação')).toBeInTheDocument();
    expect(screen.getByText('Aluno não encontrado')).toBeInTheDocument();
  });
});
