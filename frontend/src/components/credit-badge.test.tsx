import { screen } from '@testing-library/react';
import { renderAt } from '../test/render';
import { CreditBadge, creditsLabel, creditTone, isLowBalance } from './credit-badge';

describe('credit badge (spec 001 §4)', () => {
  it.each([
    [-3, 'red'],
    [0, 'red'],
    [1, 'yellow'],
    [2, 'yellow'],
    [3, 'green'],
    [40, 'green'],
  ])('%i credits are %s', (creditos, tone) => {
    expect(creditTone(creditos)).toBe(tone);
  });

  it('calls 2 or fewer a low balance (spec 001 §9)', () => {
    expect([-1, 0, 1, 2, 3].map(isLowBalance)).toEqual([true, true, true, true, false]);
  });

  it('says how many credits, singular for one', () => {
    expect([0, 1, 2, -1].map(creditsLabel)).toEqual(['0 créditos', '1 crédito', '2 créditos', '-1 crédito']);
  });

  it('renders the balance with its tone', () => {
    renderAt(
      <>
        <CreditBadge creditos={0} />
        <CreditBadge creditos={2} />
        <CreditBadge creditos={8} />
      </>,
    );
    expect(screen.getByText('0 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('2 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('8 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
  });
});
