import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { THEME_STORAGE_KEY } from '../theme/color-scheme-manager';
import { useThemePreference } from './theme-preference';
import { ThemeMenu } from './theme-toggle';

function ThemeButton() {
  const { label } = useThemePreference();
  return <ThemeMenu target={<button type="button">{`Tema: ${label}`}</button>} />;
}

beforeEach(() => window.localStorage.clear());

describe('theme preference', () => {
  it('follows the system by default', async () => {
    const user = userEvent.setup();
    renderAt(<ThemeButton />);
    expect(screen.getByRole('button', { name: 'Tema: Sistema' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tema: Sistema' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Sistema' })).toHaveAttribute('aria-checked', 'true');
  });

  it.each([
    ['Escuro', 'dark'],
    ['Claro', 'light'],
  ])('stores %s as %s under "theme" and applies it', async (label, stored) => {
    const user = userEvent.setup();
    renderAt(<ThemeButton />);
    await user.click(screen.getByRole('button', { name: 'Tema: Sistema' }));
    await user.click(await screen.findByRole('menuitemradio', { name: label }));

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe(stored);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', stored);
    expect(screen.getByRole('button', { name: `Tema: ${label}` })).toBeInTheDocument();
  });

  it('stores "system" when going back to the system theme', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const user = userEvent.setup();
    renderAt(<ThemeButton />);
    await user.click(screen.getByRole('button', { name: 'Tema: Escuro' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Sistema' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('reads the stored choice on load', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderAt(<ThemeButton />);
    expect(screen.getByRole('button', { name: 'Tema: Claro' })).toBeInTheDocument();
  });
});
