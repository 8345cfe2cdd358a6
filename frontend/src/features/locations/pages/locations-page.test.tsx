import type { Location } from '@contracts/locations/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLocation, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderRoutes, signInAs } from '../../../test/render';
import { LocationsPage } from './locations-page';
import { NewLocationPage } from './new-location-page';

const location = (fields: Partial<Location>) =>
  makeLocation({ endereco: 'Avenida Paulista, 1000, Bela Vista, São Paulo - SP', cep: '01310100', ...fields });

const paulista = { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' };

let api: ApiStub | undefined;

function renderLocations(path = '/locais') {
  renderRoutes(
    [
      { path: '/locais', element: <LocationsPage /> },
      { path: '/locais/novo', element: <NewLocationPage /> },
    ],
    path,
    { queryClient: signInAs(TRAINER_ANA) },
  );
}

describe('/locais', () => {
  it('lists the locations with an Ativo / Inativo badge and the address', async () => {
    api = stubApi({
      'GET /api/locations': () => ({
        status: 200,
        body: { items: [location({}), location({ id: 'l2', nome: 'Parque', endereco: null, cep: null, ativo: false })] },
      }),
    });
    renderLocations();
    const studio = await screen.findByRole('article', { name: 'Studio Paulista' });
    expect(screen.getByText('2 locais')).toBeInTheDocument();
    expect(within(studio).getByText('Ativo')).toBeInTheDocument();
    expect(within(studio).getByText('Avenida Paulista, 1000, Bela Vista, São Paulo - SP')).toBeInTheDocument();
    expect(within(studio).getByText('CEP 01310-100')).toBeInTheDocument();
    const parque = screen.getByRole('article', { name: 'Parque' });
    expect(within(parque).getByText('Inativo')).toBeInTheDocument();
    expect(within(parque).getByText('Sem endereço cadastrado')).toBeInTheDocument();
  });

  it('shows an empty state without locations', async () => {
    api = stubApi({ 'GET /api/locations': () => ({ status: 200, body: { items: [] } }) });
    renderLocations();
    expect(await screen.findByText('Nenhum local cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cadastrar local' })).toHaveAttribute('href', '/locais/novo');
  });

  it('edits in the same fields as a new location: name, CEP looked up, the address in parts, and whether it is active', async () => {
    const parts = { logradouro: 'Avenida Paulista', numero: '1000', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };
    api = stubApi({
      'GET /api/locations': () => ({ status: 200, body: { items: [location({ enderecoPartes: parts })] } }),
      'GET /api/cep/22071900': () => ({
        status: 200,
        body: { cep: '22071-900', logradouro: 'Avenida Atlântica', bairro: 'Copacabana', localidade: 'Rio de Janeiro', uf: 'RJ' },
      }),
      'PATCH /api/locations/l1': () => ({ status: 200, body: { id: 'l1', position: 4 } }),
    });
    const user = userEvent.setup();
    renderLocations();
    await user.click(within(await screen.findByRole('article', { name: 'Studio Paulista' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar local' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    expect(field(/^CEP/)).toHaveValue('01310-100');
    expect(field(/^Logradouro/)).toHaveValue('Avenida Paulista');
    expect(field(/^Número/)).toHaveValue('1000');
    expect(field(/^Complemento/)).toHaveValue('');
    expect(field(/^Bairro/)).toHaveValue('Bela Vista');
    expect(field(/^Cidade/)).toHaveValue('São Paulo');
    expect(field(/^UF/)).toHaveValue('SP');
    // Passing through the saved CEP looks nothing up; a new one fills the address as on a new location.
    await user.click(field(/^CEP/));
    await user.tab();
    expect(api.calls.filter((call) => call.path.startsWith('/api/cep'))).toHaveLength(0);
    await user.clear(field(/^CEP/));
    await user.type(field(/^CEP/), '22071900');
    await user.tab();
    expect(await screen.findByText('✅ Endereço preenchido')).toBeInTheDocument();
    expect(field(/^Logradouro/)).toHaveValue('Avenida Atlântica');
    await user.clear(field(/^Número/));
    await user.type(field(/^Número/), '500');
    await user.clear(field(/^Nome do local/));
    await user.type(field(/^Nome do local/), 'Studio Rio');
    await user.click(within(dialog).getByRole('switch', { name: /Local ativo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Local atualizado')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      nome: 'Studio Rio',
      cep: '22071900',
      logradouro: 'Avenida Atlântica',
      numero: '500',
      complemento: null,
      bairro: 'Copacabana',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
      ativo: false,
    });
  });

  it("offers 'Inativar' when sessions use the location (409 has_links)", async () => {
    const message = 'Não é possível remover o local: ele possui vínculos (agendamentos). Use Inativar.';
    api = stubApi({
      'GET /api/locations': () => ({ status: 200, body: { items: [location({})] } }),
      'DELETE /api/locations/l1': () => ({ status: 409, body: { statusCode: 409, code: 'has_links', message } }),
      'PATCH /api/locations/l1': () => ({ status: 200, body: { id: 'l1', position: 5 } }),
    });
    const user = userEvent.setup();
    renderLocations();
    await user.click(within(await screen.findByRole('article', { name: 'Studio Paulista' })).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover local' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Local inativado')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ativo: false });
  });
});

describe('/locais/novo and its CEP field', () => {
  it('keeps digits only, up to 8, and looks the CEP up on leaving the field with exactly 8', async () => {
    api = stubApi({ 'GET /api/cep/01310100': () => ({ status: 200, body: paulista }) });
    const user = userEvent.setup();
    renderLocations('/locais/novo');
    const cep = screen.getByLabelText(/^CEP/);

    await user.type(cep, '0131a0');
    await user.tab();
    expect(cep).toHaveValue('01310');
    expect(api.calls).toHaveLength(0);

    await user.type(cep, '1009-99');
    expect(cep).toHaveValue('01310-100');
    await user.tab();
    expect(await screen.findByText('✅ Endereço preenchido')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Logradouro/)).toHaveValue('Avenida Paulista');
    expect(screen.getByLabelText(/^Bairro/)).toHaveValue('Bela Vista');
    expect(screen.getByLabelText(/^Cidade/)).toHaveValue('São Paulo');
    expect(screen.getByLabelText(/^UF/)).toHaveValue('SP');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/cep/01310100']);

    // Leaving the field again with the same CEP keeps what was typed since.
    await user.clear(screen.getByLabelText(/^Logradouro/));
    await user.type(screen.getByLabelText(/^Logradouro/), 'Av. Paulista');
    await user.click(cep);
    await user.tab();
    expect(screen.getByLabelText(/^Logradouro/)).toHaveValue('Av. Paulista');
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    [404, 'cep_not_found', 'CEP não encontrado'],
    [503, 'cep_unavailable', 'Erro ao buscar CEP'],
  ])('on a %i (%s) says %p and fills nothing', async (status, code, toast) => {
    api = stubApi({ 'GET /api/cep/99999999': () => ({ status, body: { statusCode: status, code, message: 'x' } }) });
    const user = userEvent.setup();
    renderLocations('/locais/novo');
    await user.type(screen.getByLabelText(/^CEP/), '99999999');
    await user.tab();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Logradouro/)).toHaveValue('');
  });

  it('uppercases the state and creates the location from its parts, then lists it', async () => {
    api = stubApi({
      'POST /api/locations': () => ({ status: 201, body: { id: 'l9', position: 2 } }),
      'GET /api/locations': () => ({ status: 200, body: { items: [location({ id: 'l9', nome: 'Parque Ibirapuera' })] } }),
    });
    const user = userEvent.setup();
    renderLocations('/locais/novo');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Local' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nome do local/), 'Parque Ibirapuera');
    await user.type(screen.getByLabelText(/^Cidade/), 'São Paulo');
    await user.type(screen.getByLabelText(/^UF/), 'sp1x');
    expect(screen.getByLabelText(/^UF/)).toHaveValue('SP');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Local' }));

    expect(await screen.findByText('Local criado')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Parque Ibirapuera' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nome: 'Parque Ibirapuera',
      cidade: 'São Paulo',
      uf: 'SP',
    });
  });

  it("toasts 'Erro ao criar local' with the API message", async () => {
    api = stubApi({
      'POST /api/locations': () => ({ status: 400, body: { statusCode: 400, code: 'validation', message: 'UF deve ter 2 letras' } }),
    });
    const user = userEvent.setup();
    renderLocations('/locais/novo');
    await user.type(screen.getByLabelText(/^Nome do local/), 'Parque');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Local' }));
    expect(await screen.findByText('Erro ao criar local')).toBeInTheDocument();
    expect(screen.getByText('UF deve ter 2 letras')).toBeInTheDocument();
  });
});
