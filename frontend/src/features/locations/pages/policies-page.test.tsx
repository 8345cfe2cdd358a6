import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLocation, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { LocationProbe, renderRoutes, signInAs } from '../../../test/render';
import { EditPolicyPage } from './edit-policy-page';
import { PoliciesPage } from './policies-page';

const studio = makeLocation();
const parque = makeLocation({ id: 'l2', nome: 'Parque', cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: true });

let api: ApiStub | undefined;

function renderPolicies(path: string) {
  renderRoutes(
    [
      { path: '/ajustes/politicas', element: <><PoliciesPage /><LocationProbe /></> },
      { path: '/ajustes/politicas/edit', element: <><EditPolicyPage /><LocationProbe /></> },
    ],
    path,
    { queryClient: signInAs(TRAINER_ANA) },
  );
}

describe('/ajustes/politicas', () => {
  it("shows each location's policy read-only, with what it means and the lateness rule", async () => {
    api = stubApi({ 'GET /api/locations': () => ({ status: 200, body: { items: [studio, parque] } }) });
    renderPolicies('/ajustes/politicas');
    const card = await screen.findByRole('article', { name: 'Parque' });
    expect(within(card).getByText('12 horas antes')).toBeInTheDocument();
    expect(within(card).getByText('50%', { exact: true })).toBeInTheDocument();
    expect(within(card).getByText('Consumido')).toBeInTheDocument();
    expect(
      within(card).getByText('Se cancelar depois desse prazo, paga uma taxa de 50% do valor da sessão e perde o crédito da sessão.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Editar política' })).toHaveAttribute('href', '/ajustes/politicas/edit?local=l2');
    expect(screen.getByText(/tolerância de até 10 minutos de atraso/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Studio Paulista' })).getByText('Sem taxa')).toBeInTheDocument();
  });

  it('points to /locais when there is no location', async () => {
    api = stubApi({ 'GET /api/locations': () => ({ status: 200, body: { items: [] } }) });
    renderPolicies('/ajustes/politicas');
    expect(await screen.findByText('Nenhum local cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Locais' })).toHaveAttribute('href', '/locais');
  });
});

describe('/ajustes/politicas/edit', () => {
  function stubPolicies(put: () => { status: number; body?: unknown } = () => ({ status: 200, body: { id: 'l2', position: 7 } })) {
    return stubApi({
      'GET /api/locations': () => ({ status: 200, body: { items: [studio, parque] } }),
      'GET /api/locations/l1/policy': () => ({ status: 200, body: { cancelLimiteHoras: 24, taxaPercent: 0, queimaCredito: false } }),
      'GET /api/locations/l2/policy': () => ({ status: 200, body: { cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: true } }),
      'PUT /api/locations/l2/policy': put,
    });
  }

  it('opens the first location when none is named, and switches with the Local select', async () => {
    api = stubPolicies();
    const user = userEvent.setup();
    renderPolicies('/ajustes/politicas/edit');
    expect(await screen.findByLabelText(/^Prazo para cancelar sem custo/)).toHaveValue('24');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ajustes/politicas/edit?local=l1'));

    await user.selectOptions(screen.getByLabelText('Local'), 'l2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ajustes/politicas/edit?local=l2'));
    expect(await screen.findByDisplayValue('12')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Taxa de cancelamento/)).toHaveValue('50');
    expect(screen.getByRole('switch', { name: /Consumir o crédito/ })).toBeChecked();
  });

  it("saves with 'Política atualizada' and goes back to the policies", async () => {
    api = stubPolicies();
    const user = userEvent.setup();
    renderPolicies('/ajustes/politicas/edit?local=l2');
    const limit = await screen.findByLabelText(/^Prazo para cancelar sem custo/);
    await user.clear(limit);
    await user.type(limit, '48');
    const fee = screen.getByLabelText(/^Taxa de cancelamento/);
    await user.clear(fee);
    await user.type(fee, '12,5');
    await user.click(screen.getByRole('switch', { name: /Consumir o crédito/ }));
    expect(screen.getByText('Se cancelar depois desse prazo, paga uma taxa de 12,5% do valor da sessão, e o crédito volta para o saldo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Política atualizada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ajustes\/politicas$/));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      cancelLimiteHoras: 48,
      taxaPercent: 12.5,
      queimaCredito: false,
    });
  });

  it("refuses what contracts refuse, and shows the API's message when saving fails", async () => {
    api = stubPolicies(() => ({ status: 404, body: { statusCode: 404, code: 'not_found', message: 'Local não encontrado' } }));
    const user = userEvent.setup();
    renderPolicies('/ajustes/politicas/edit?local=l2');
    const limit = await screen.findByLabelText(/^Prazo para cancelar sem custo/);
    await user.clear(limit);
    await user.type(limit, '900');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Limite de cancelamento deve ser no máximo 720 horas')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '6');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao atualizar política')).toBeInTheDocument();
    expect(screen.getByText('Local não encontrado')).toBeInTheDocument();
  });

  it('says so when the location in the address does not exist', async () => {
    api = stubPolicies();
    renderPolicies('/ajustes/politicas/edit?local=gone');
    expect(await screen.findByText('Local não encontrado')).toBeInTheDocument();
  });
});
