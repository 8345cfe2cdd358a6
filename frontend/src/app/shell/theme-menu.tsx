import { Menu } from '@mantine/core';
import type { OnDemandMenuProps } from '../../components/menu-on-demand';
import type { ThemePreference } from '../theme/color-scheme-manager';
import { themeOptions, useThemePreference } from './theme-preference';

/** The theme menu itself, loaded on its button's first use (theme-toggle.tsx). */
export default function ThemeMenu({ target, defaultOpened, onChange }: OnDemandMenuProps) {
  const { preference, setPreference } = useThemePreference();
  return (
    <Menu defaultOpened={defaultOpened} onChange={onChange} position="right-end" withinPortal shadow="md" width={180}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tema</Menu.Label>
        <Menu.RadioGroup value={preference} onChange={(value) => setPreference(value as ThemePreference)}>
          {themeOptions.map(({ value, label, icon: OptionIcon }) => (
            <Menu.RadioItem key={value} value={value} rightSection={<OptionIcon size={16} />}>
              {label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
