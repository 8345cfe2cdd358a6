import { screen, within } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { GeneralTermsPage } from './general-terms-page';

describe('/ajustes/politicas-info', () => {
  it('shows the five sections of the general terms and the date of the last update', () => {
    renderAt(<GeneralTermsPage />, '/ajustes/politicas-info');
    expect(screen.getByRole('heading', { name: 'Políticas e Termos Gerais' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Termos de uso',
      'Privacidade (LGPD)',
      'Cancelamento e reagendamento',
      'Pagamento e reembolso',
      'Responsabilidades',
    ]);
    expect(screen.getAllByText('Última atualização: janeiro de 2025').length).toBeGreaterThan(0);
  });

  it('agrees with the default policy and the constants of spec 001 §9', () => {
    renderAt(<GeneralTermsPage />, '/ajustes/politicas-info');
    const cancellation = within(screen.getByRole('region', { name: 'Cancelamento e reagendamento' }));
    expect(cancellation.getByText(/sem custo até 24 horas antes/)).toBeInTheDocument();
    expect(cancellation.getByText(/menos de 12 horas de antecedência podem custar 1 crédito ou uma taxa/)).toBeInTheDocument();
    expect(cancellation.getByText(/até 10 minutos de atraso.*mais de 15 minutos de atraso/)).toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Pagamento e reembolso' }));
    expect(payment.getByText(/no dia 1º de cada mês/)).toBeInTheDocument();
    expect(payment.getByText(/a partir do ciclo seguinte/)).toBeInTheDocument();
    expect(payment.getByText(/30 dias de antecedência/)).toBeInTheDocument();
  });
});
