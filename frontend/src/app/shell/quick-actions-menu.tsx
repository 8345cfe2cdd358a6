import { Menu } from '@mantine/core';
import IconCalendarPlus from '@tabler/icons-react/dist/esm/icons/IconCalendarPlus.mjs';
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import type { Icon } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import type { OnDemandMenuProps } from '../../components/menu-on-demand';
import { paths, quickCreate } from '../../config/paths';

const quickActions: readonly { label: string; to: string; icon: Icon }[] = [
  { label: 'Agendamento', to: quickCreate.session, icon: IconCalendarPlus },
  { label: 'Aluno', to: paths.newStudent, icon: IconUserPlus },
  { label: 'Plano', to: paths.newPlan, icon: IconClipboardList },
  { label: 'Lançamento', to: quickCreate.transaction, icon: IconReceipt },
  { label: 'Local', to: paths.newLocation, icon: IconMapPin },
];

/** The quick-create menu itself, loaded on its button's first use (quick-actions.tsx). */
export default function QuickActionsMenu({ target, defaultOpened, onChange }: OnDemandMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu
      defaultOpened={defaultOpened}
      onChange={onChange}
      position="top-end"
      offset={12}
      shadow="lg"
      width={220}
      withinPortal={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Criar novo</Menu.Label>
        {quickActions.map(({ label, to, icon: ActionIconGlyph }) => (
          <Menu.Item key={label} leftSection={<ActionIconGlyph size={18} stroke={1.75} />} onClick={() => void navigate(to)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
