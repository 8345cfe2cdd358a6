import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { InvitePage } from './invite-page';

const invalid = { status: 404, body: { statusCode: 404, code: 'convite_invalido', message: 'Convite inválido ou expirado' } };
const view = { status: 200, body: { student: { nome: 'Maria Clara' }, trainer: { nome: 'Ana Souza' } } };

let api: ApiStub;
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderAt(
    <Routes>
      <Route path="/convite/:token" element={<InvitePage />} />
      <Route path="*" element={null} />
    </Routes>,
    '/convite/tok-1',
  );
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'maria@exemplo.com') {
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Senha/), 'segredo1');
  await user.type(screen.getByLabelText(/^Confirmar senha/), 'segredo1');
}

const location = () => screen.getByTestId('location').textContent;
const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

describe('invite page /convite/{token}', () => {
  it("names the trainer and the student, then creates the account: 'Conta criada com sucesso! ...' and /auth after 2 s", async () => {
    api = stubApi({ 'GET /api/invites/tok-1': () => view, 'POST /api/invites/tok-1/accept': () => ({ status: 201, body: { id: 'u9' } }) });
    const user = setup();
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome completo/)).toHaveValue('Maria Clara');
    await fill(user);
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText(/^Telefone/), '11987654321');
    expect(screen.getByLabelText(/^Telefone/)).toHaveValue('(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect((await screen.findAllByText('Conta criada com sucesso! Você será redirecionado...')).length).toBeGreaterThan(0);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/invites/tok-1/accept',
      body: { nome: 'Maria Clara', email: 'maria@exemplo.com', password: 'segredo1', cpf: '52998224725', telefone: '11987654321', whatsapp: false },
    });
    expect(api.calls.at(-1)?.headers.get('authorization')).toBeNull();
    await wait(1_900);
    expect(location()).toBe('/convite/tok-1');
    await wait(200);
    expect(location()).toBe('/auth');
  });

  it("asks 'Quero receber lembretes e cobranças pelo WhatsApp', unticked, and sends the student's choice", async () => {
    api = stubApi({ 'GET /api/invites/tok-1': () => view, 'POST /api/invites/tok-1/accept': () => ({ status: 201, body: { id: 'u9' } }) });
    const user = setup();
    await fill(user);
    const box = screen.getByRole('checkbox', { name: 'Quero receber lembretes e cobranças pelo WhatsApp' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect((await screen.findAllByText('Conta criada com sucesso! Você será redirecionado...')).length).toBeGreaterThan(0);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/invites/tok-1/accept',
      body: { nome: 'Maria Clara', email: 'maria@exemplo.com', whatsapp: true },
    });
  });

  it('checks the form before sending: different passwords, short password', async () => {
    api = stubApi({ 'GET /api/invites/tok-1': () => view });
    const user = setup();
    await user.type(await screen.findByLabelText(/^E-mail/), 'maria@exemplo.com');
    await user.type(screen.getByLabelText(/^Senha/), '12345');
    await user.type(screen.getByLabelText(/^Confirmar senha/), '12346');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText('A senha deve ter no mínimo 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("an invalid or expired invite says 'Convite inválido ou expirado' and goes to /auth after 2 s", async () => {
    api = stubApi({ 'GET /api/invites/tok-1': () => invalid });
    setup();
    expect((await screen.findAllByText('Convite inválido ou expirado')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Criar conta' })).not.toBeInTheDocument();
    await wait(2_000);
    expect(location()).toBe('/auth');
  });

  it('an invite used meanwhile is refused on sending, with the same message and redirect', async () => {
    api = stubApi({ 'GET /api/invites/tok-1': () => view, 'POST /api/invites/tok-1/accept': () => invalid });
    const user = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect((await screen.findAllByText('Convite inválido ou expirado')).length).toBeGreaterThan(0);
    await wait(2_000);
    expect(location()).toBe('/auth');
  });

  it("says 'Este email já está cadastrado' on 409, and 'Erro ao criar conta' otherwise, staying on the page", async () => {
    let answer = { status: 409, body: { statusCode: 409, code: 'user_already_registered', message: 'Este email já está cadastrado' } };
    api = stubApi({ 'GET /api/invites/tok-1': () => view, 'POST /api/invites/tok-1/accept': () => answer });
    const user = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect((await screen.findAllByText('Este email já está cadastrado')).length).toBe(2); // toast and field

    answer = { status: 500, body: { statusCode: 500, code: 'internal_error', message: 'x' } };
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Erro ao criar conta')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado.')).toBeInTheDocument();
    await wait(3_000);
    expect(location()).toBe('/convite/tok-1');
  });
});
