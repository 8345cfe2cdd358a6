import { useMantineColorScheme } from '@mantine/core';
import IconDeviceDesktop from '@tabler/icons-react/dist/esm/icons/IconDeviceDesktop.mjs';
import IconMoon from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
import IconSun from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
import type { Icon } from '@tabler/icons-react';
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

