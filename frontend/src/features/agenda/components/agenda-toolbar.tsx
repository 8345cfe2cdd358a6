import { ActionIcon, Button, Group, Menu, SegmentedControl, TextInput } from '@mantine/core';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
import { Link } from 'react-router-dom';
import { CHARGE_PARAM, NEW_CHARGE, quickCreate } from '../../../config/paths';
import { CALENDAR_MODE_LABELS, CALENDAR_MODES, type CalendarMode } from '../lib/calendar';
import classes from './agenda.module.css';

export interface AgendaToolbarProps {
  mode: CalendarMode;
  title: string;
  search: string;
  wide: boolean;
  onMode: (mode: CalendarMode) => void;
  onToday: () => void;
  onStep: (direction: 1 | -1) => void;
  onSearch: (text: string) => void;
  onNewSession: () => void;
  onLinks: () => void;
  onAvailability: () => void;
  onVacation: () => void;
}

const STEP_LABELS: Record<CalendarMode, [string, string]> = {
  dia: ['Dia anterior', 'Próximo dia'],
  semana: ['Semana anterior', 'Próxima semana'],
  mes: ['Mês anterior', 'Próximo mês'],
  ano: ['Ano anterior', 'Próximo ano'],
};

/** The agenda's actions (spec 000 §2): modes, Hoje and arrows, 'Novo agendamento', 'Nova tarefa', 'Buscar', links, settings. */
export function AgendaToolbar(props: AgendaToolbarProps) {
  const { mode, wide } = props;
  const modes = (
    <SegmentedControl
      aria-label="Modo do calendário"
      value={mode}
      onChange={(value) => props.onMode(value as CalendarMode)}
      data={CALENDAR_MODES.map((value) => ({ value, label: CALENDAR_MODE_LABELS[value] }))}
      size="sm"
      fullWidth={!wide}
      w={wide ? undefined : '100%'}
    />
  );
  return (
    <>
      <div className={classes.toolbar} data-phone={!wide || undefined}>
        <Group gap={4} wrap="nowrap">
          <Button variant="default" size="sm" onClick={props.onToday}>
            Hoje
          </Button>
          <ActionIcon variant="subtle" size="lg" aria-label={STEP_LABELS[mode][0]} onClick={() => props.onStep(-1)}>
            <IconChevronLeft size={20} />
          </ActionIcon>
          <ActionIcon variant="subtle" size="lg" aria-label={STEP_LABELS[mode][1]} onClick={() => props.onStep(1)}>
            <IconChevronRight size={20} />
          </ActionIcon>
        </Group>
        <h2 className={classes.period} aria-live="polite" style={{ margin: 0 }}>
          {props.title}
        </h2>
        {wide && modes}
        <Group gap={6} wrap="nowrap">
          {wide ? (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={props.onNewSession}>
                Novo agendamento
              </Button>
              <Button variant="default" component={Link} to={quickCreate.task}>
                Nova tarefa
              </Button>
            </>
          ) : (
            // The phone's one add button offers both (spec 000 §2: 'Evento' and 'Tarefa').
            <Menu position="bottom-end" shadow="md" width={180}>
              <Menu.Target>
                <ActionIcon variant="filled" size="lg" aria-label="Adicionar">
                  <IconPlus size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={props.onNewSession}>Evento</Menu.Item>
                <Menu.Item component={Link} to={quickCreate.task}>
                  Tarefa
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          <ActionIcon variant="default" size="lg" aria-label="Links públicos" title="Links públicos" onClick={props.onLinks}>
            <IconLink size={18} />
          </ActionIcon>
          <Menu position="bottom-end" shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Configurações da agenda">
                <IconSettings size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={props.onAvailability}>Configurar Horários</Menu.Item>
              <Menu.Item onClick={props.onVacation}>Modo Férias</Menu.Item>
              <Menu.Item component={Link} to={`?${CHARGE_PARAM}=${NEW_CHARGE}`}>
                Cobrança Online
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </div>
      <div className={classes.toolbar}>
        {!wide && modes}
        <TextInput
          aria-label="Buscar"
          placeholder="Digite para buscar"
          leftSection={<IconSearch size={16} />}
          value={props.search}
          onChange={(event) => props.onSearch(event.currentTarget.value)}
          w={wide ? 280 : '100%'}
          size="sm"
        />
      </div>
    </>
  );
}
