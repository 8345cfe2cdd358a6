import type { Plan } from '@contracts/plans/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlan, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderRoutes, signInAs } from '../../../test/render';
import { NewPlanPage } from './new-plan-page';
import { PlansPage } from './plans-page';

const plan = (fields: Partial<Plan>) => makePlan({ id: 'p1', nome: 'Mensal 2x', valor: 350, creditos: 8, valorPorCredito: 43.75, ...fields });

let api: ApiStub | undefined;

function renderPlans(path = '/planos') {
  renderRoutes(
    [
      { path: '/planos', element: <PlansPage /> },
      { path: '/planos/novo', element: <NewPlanPage /> },
    ],
    path,
    { queryClient: signInAs(TRAINER_ANA) },
  );
}

const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ');

describe('/planos', () => {
  it('shows the count, the cards and the archived plans apart', async () => {
    api = stubApi({
      'GET /api/plans': () => ({
        status: 200,
        body: {
          items: [
            plan({ descricao: 'Terças e quintas' }),
            plan({ id: 'p2', nome: 'Avulso', valor: 90, creditos: 0, valorPorCredito: 0 }),
            plan({ id: 'p4', nome: 'Todo mês', cobranca: { tipo: 'mensal', diaVencimento: 5 } }),
            plan({ id: 'p3', nome: 'Antigo', arquivado: true }),
          ],
        },
      }),
    });
    renderPlans();
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    const mensal = await screen.findByRole('article', { name: 'Mensal 2x' });
    expect(screen.getByText('3 planos')).toBeInTheDocument();
    expect(text(screen.getByRole('article', { name: 'Todo mês' }))).toContain('Cobrança mensal · todo dia 5');
    expect(text(mensal)).toContain('R$ 350,00');
    expect(text(mensal)).toContain('8 créditos · R$ 43,75 por crédito');
    expect(text(mensal)).toContain('Terças e quintas');
    expect(text(mensal)).not.toContain('Cobrança mensal');
    expect(text(screen.getByRole('article', { name: 'Avulso' }))).toContain('0 créditos · R$ 0,00 por crédito');

    const archived = screen.getByRole('region', { name: 'Arquivados' });
    expect(within(archived).getByRole('article', { name: 'Antigo' })).toBeInTheDocument();
    expect(within(archived).getByRole('button', { name: 'Restaurar' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/api/plans' });
  });

  it('counts one plan in the singular and shows an empty state without plans', async () => {
    api = stubApi({ 'GET /api/plans': () => ({ status: 200, body: { items: [plan({})] } }) });
    renderPlans();
    expect(await screen.findByText('1 plano')).toBeInTheDocument();
    api.restore();

    api = stubApi({ 'GET /api/plans': () => ({ status: 200, body: { items: [] } }) });
    renderPlans();
    expect(await screen.findByText('Nenhum plano cadastrado')).toBeInTheDocument();
  });

  it('says what failed when the list cannot be read', async () => {
    api = stubApi({
      'GET /api/plans': () => ({ status: 403, body: { statusCode: 403, code: 'forbidden', message: 'Acesso negado' } }),
    });
    renderPlans();
    expect(await screen.findByText('Erro ao carregar planos')).toBeInTheDocument();
    expect(screen.getByText('Acesso negado')).toBeInTheDocument();
  });

  it('edits a plan: saves only with a name and a value, then toasts', async () => {
    api = stubApi({
      'GET /api/plans': () => ({ status: 200, body: { items: [plan({})] } }),
      'PATCH /api/plans/p1': () => ({ status: 200, body: { id: 'p1', position: 9 } }),
    });
    const user = userEvent.setup();
    renderPlans();
    const card = await screen.findByRole('article', { name: 'Mensal 2x' });
    await user.click(within(card).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar plano' });
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    const valor = within(dialog).getByLabelText(/^Valor/);
    expect(valor).toHaveValue('350,00');

    await user.clear(valor);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Valor deve ser maior que zero')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    await user.type(valor, '1.200,5');
    await user.tab();
    expect(valor).toHaveValue('1.200,50');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Plano atualizado')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nome: 'Mensal 2x',
      descricao: null,
      valor: 1200.5,
      creditos: 8,
      cobranca: { tipo: 'avulso', diaVencimento: 1 },
    });
  });

  it("offers 'Arquivar' when the API refuses a removal (409 has_links)", async () => {
    const message = 'Não é possível remover o plano: ele possui vínculos (alunos). Use Arquivar.';
    api = stubApi({
      'GET /api/plans': () => ({ status: 200, body: { items: [plan({})] } }),
      'DELETE /api/plans/p1': () => ({ status: 409, body: { statusCode: 409, code: 'has_links', message } }),
      'PATCH /api/plans/p1': () => ({ status: 200, body: { id: 'p1', position: 10 } }),
    });
    const user = userEvent.setup();
    renderPlans();
    const card = await screen.findByRole('article', { name: 'Mensal 2x' });
    await user.click(within(card).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover plano' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Arquivar' }));
    expect(await screen.findByText('Plano arquivado')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ arquivado: true });
  });

  it('removes an unused plan, and toasts the API message when removing fails otherwise', async () => {
    let fail = false;
    api = stubApi({
      'GET /api/plans': () => ({ status: 200, body: { items: [plan({})] } }),
      'DELETE /api/plans/p1': () =>
        fail
          ? { status: 500, body: { statusCode: 500, code: 'internal', message: 'Ocorreu um erro inesperado.' } }
          : { status: 200, body: { id: 'p1', position: 3 } },
    });
    const user = userEvent.setup();
    renderPlans();
    const card = await screen.findByRole('article', { name: 'Mensal 2x' });

    fail = true;
    await user.click(within(card).getByRole('button', { name: 'Remover' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remover plano' })).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Erro ao remover plano')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado.')).toBeInTheDocument();

    fail = false;
    await user.click(within(screen.getByRole('dialog', { name: 'Remover plano' })).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Plano removido')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remover plano' })).not.toBeInTheDocument());
  });
});

describe('/planos/novo', () => {
  it('creates a plan from a value typed the Brazilian way, then goes back to the list', async () => {
    api = stubApi({
      'POST /api/plans': () => ({ status: 201, body: { id: 'p9', position: 1 } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [plan({ id: 'p9', nome: 'Trimestral' })] } }),
    });
    const user = userEvent.setup();
    renderPlans('/planos/novo');
    await user.type(screen.getByLabelText(/^Nome do plano/), 'Trimestral');
    await user.type(screen.getByLabelText(/^Valor/), '1.234,56');
    await user.type(screen.getByLabelText(/^Créditos/), '2x4');
    expect(screen.getByLabelText(/^Créditos/)).toHaveValue('24');
    expect(text(screen.getByText(/^Valor por crédito/))).toBe('Valor por crédito: R$ 51,44');
    await user.click(screen.getByRole('checkbox', { name: /Cobrança mensal/ }));
    const dia = screen.getByLabelText(/^Dia do vencimento/);
    await user.clear(dia);
    await user.type(dia, '10');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Plano' }));

    expect(await screen.findByText('Plano criado')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Trimestral' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nome: 'Trimestral',
      descricao: null,
      valor: 1234.56,
      creditos: 24,
      cobranca: { tipo: 'mensal', diaVencimento: 10 },
    });
  });

  it("toasts 'Erro ao criar plano' with the API message", async () => {
    api = stubApi({
      'POST /api/plans': () => ({ status: 400, body: { statusCode: 400, code: 'validation', message: 'Nome inválido' } }),
    });
    const user = userEvent.setup();
    renderPlans('/planos/novo');
    await user.type(screen.getByLabelText(/^Nome do plano/), 'Trimestral');
    await user.type(screen.getByLabelText(/^Valor/), '300');
    await user.type(screen.getByLabelText(/^Créditos/), '12');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Plano' }));
    expect(await screen.findByText('Erro ao criar plano')).toBeInTheDocument();
    expect(screen.getByText('Nome inválido')).toBeInTheDocument();
  });
});
