import { useMantineColorScheme } from '@mantine/core';
import IconDeviceDesktop from '@tabler/icons-react/dist/esm/icons/IconDeviceDesktop.mjs';
import IconMoon from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
import IconSun from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
import type { Icon } from '@tabler/icons-react';
import { lazy, type ReactElement } from 'react';
import { MenuOnDemand } from '../../components/menu-on-demand';
import { toThemePreference, type ThemePreference } from '../theme/color-scheme-manager';

export const themeOptions: readonly { value: ThemePreference; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Claro', icon: IconSun },
  { value: 'dark', label: 'Escuro', icon: IconMoon },
  { value: 'system', label: 'Sistema', icon: IconDeviceDesktop },
];

export function useThemePreference() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const preference = toThemePreference(colorScheme);
  const current = themeOptions.find((option) => option.value === preference) ?? themeOptions[2];
  return {
    preference,
    label: current.label,
    icon: current.icon,
    setPreference: (value: ThemePreference) => setColorScheme(value === 'system' ? 'auto' : value),
  };
}

const loadThemeMenu = () => import('./theme-menu');
const LazyThemeMenu = lazy(loadThemeMenu);

/** A menu to pick light, dark or system theme; `target` is the button that opens it (loaded on first use). */
export function ThemeMenu({ target }: { target: ReactElement<{ onClick?: () => void }> }) {
  return <MenuOnDemand menu={LazyThemeMenu} preload={() => void loadThemeMenu()} target={target} />;
}
