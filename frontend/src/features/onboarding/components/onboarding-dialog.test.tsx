import type { Me } from '@contracts/identity/api';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meQuery } from '../../../entities/me';
import { NEW_TRAINER_ANA, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { onboardingQuestions } from '../lib/onboarding-questions';
import { OnboardingDialog } from './onboarding-dialog';

const answers = ['12', 'presencial', 'R$ 350,00', 'pix, cartão', 'sim', '4.200', 'mensal', 'não', 'sim', 'reserva, viajar', '8000'];

let api: ApiStub;
let queryClient: QueryClient;

beforeEach(() => {
  jest.useFakeTimers();
  queryClient = signInAs(NEW_TRAINER_ANA);
});
afterEach(() => jest.useRealTimers());

function setup() {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderAt(<OnboardingDialog />, '/', { queryClient });
  return user;
}

const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const input = () => screen.getByPlaceholderText('Digite sua resposta...');

async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(input(), `${text}{Enter}`);
  await wait(500);
}

describe('onboarding dialog', () => {
  it('cannot be dismissed: no close button, Escape does nothing', async () => {
    api = stubApi({});
    const user = setup();
    expect(screen.getByRole('dialog', { name: 'Configuração Inicial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /fechar|close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Configuração Inicial' })).toBeInTheDocument();
  });

  it('asks the first question 500 ms after starting, with progress', async () => {
    api = stubApi({});
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Começar Configuração' }));
    expect(screen.queryByText(onboardingQuestions[0].text)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Digitando...')).toBeInTheDocument();

    await wait(499);
    expect(screen.queryByText(onboardingQuestions[0].text)).not.toBeInTheDocument();
    await wait(1);
    expect(screen.getByText(onboardingQuestions[0].text)).toBeInTheDocument();
    expect(screen.getByText('Estrutura de atendimento')).toBeInTheDocument();
    expect(screen.getByText('1/11')).toBeInTheDocument();
    expect(screen.getByText('9% completo')).toBeInTheDocument();
  });

  it('does not send a blank answer', async () => {
    api = stubApi({});
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Começar Configuração' }));
    await wait(500);
    await user.type(input(), '   {Enter}');
    await wait(500);
    expect(screen.getByText('1/11')).toBeInTheDocument();
    expect(screen.queryByText(onboardingQuestions[1].text)).not.toBeInTheDocument();
  });

  it('walks the 11 questions, saves the raw answers, toasts and closes after 2 s', async () => {
    api = stubApi({ 'POST /api/onboarding': () => ({ status: 201, body: { id: 'o1', position: 9 } }) });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Começar Configuração' }));
    await wait(500);

    for (const [position, text] of answers.entries()) {
      expect(screen.getByText(onboardingQuestions[position].text)).toBeInTheDocument();
      expect(screen.getByText(`${position + 1}/11`)).toBeInTheDocument();
      await answer(user, text);
    }
    expect(screen.getByText('100% completo')).toBeInTheDocument();
    expect(await screen.findByText('Onboarding concluído!')).toBeInTheDocument();
    expect(screen.getByText('Seu perfil financeiro foi configurado com sucesso.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].body).toEqual({
      answers: {
        alunos_ativos: '12',
        tipo_atendimento: 'presencial',
        ticket_medio_mensal: 'R$ 350,00',
        formas_cobranca: 'pix, cartão',
        emite_recibo: 'sim',
        faturamento_mensal_medio: '4.200',
        tipo_planos: 'mensal',
        faz_desconto: 'não',
        tem_politica_cancelamento: 'sim',
        objetivos: 'reserva, viajar',
        meta_faturamento_6meses: '8000',
      },
    });

    await wait(1999);
    expect(screen.getByRole('dialog', { name: 'Configuração Inicial' })).toBeInTheDocument();
    await wait(1);
    expect(screen.queryByRole('dialog', { name: 'Configuração Inicial' })).not.toBeInTheDocument();
    expect(queryClient.getQueryData<Me>(meQuery().queryKey)?.onboardingRequired).toBe(false);
  });

  it('keeps the answers and lets the user retry when saving fails', async () => {
    let attempts = 0;
    api = stubApi({
      'POST /api/onboarding': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500 } : { status: 201, body: { id: 'o1', position: 9 } };
      },
    });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Começar Configuração' }));
    await wait(500);
    for (const text of answers) await answer(user, text);

    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível salvar seu perfil. Tente novamente.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Onboarding concluído!')).toBeInTheDocument();
    expect(api.calls[1].body).toEqual(api.calls[0].body);
  });

  it('is not shown when onboarding is not required', () => {
    api = stubApi({});
    renderAt(<OnboardingDialog />, '/', { queryClient: signInAs(TRAINER_ANA) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
