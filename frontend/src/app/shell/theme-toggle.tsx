import { Menu, useMantineColorScheme } from '@mantine/core';
import IconDeviceDesktop from '@tabler/icons-react/dist/esm/icons/IconDeviceDesktop.mjs';
import IconMoon from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
import IconSun from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
import type { Icon } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { toThemePreference, type ThemePreference } from '../theme/color-scheme-manager';

const options: readonly { value: ThemePreference; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Claro', icon: IconSun },
  { value: 'dark', label: 'Escuro', icon: IconMoon },
  { value: 'system', label: 'Sistema', icon: IconDeviceDesktop },
];

export function useThemePreference() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const preference = toThemePreference(colorScheme);
  const current = options.find((option) => option.value === preference) ?? options[2];
  return {
    preference,
    label: current.label,
    icon: current.icon,
    setPreference: (value: ThemePreference) => setColorScheme(value === 'system' ? 'auto' : value),
  };
}

/** A menu to pick light, dark or system theme; `target` is the button that opens it. */
export function ThemeMenu({ target }: { target: ReactElement }) {
  const { preference, setPreference } = useThemePreference();

  return (
    <Menu position="right-end" withinPortal shadow="md" width={180}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tema</Menu.Label>
        <Menu.RadioGroup value={preference} onChange={(value) => setPreference(value as ThemePreference)}>
          {options.map(({ value, label, icon: OptionIcon }) => (
            <Menu.RadioItem key={value} value={value} rightSection={<OptionIcon size={16} />}>
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
