import {
  availabilitySchema,
  type AvailabilityRow,
  DAY_NAMES,
  DEFAULT_AVAILABILITY_ROW,
  agendaSettingsApi,
} from '@contracts/scheduling/api';
import {
  ActionIcon,
  Button,
  Checkbox,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { PageLoader } from '../../../components/page-loader';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQuery } from '@tanstack/react-query';
import { availabilityQuery } from '../../../entities/availability';
import { itemsOf } from '../../../lib/contract-query';
import classes from './agenda.module.css';
import { useOperation } from '../../../entities/operation';

type Row = AvailabilityRow & { key: number };

let nextKey = 1;
const withKey = (row: AvailabilityRow): Row => ({ ...row, key: nextKey++ });

/** Problems of each row by field, from the API's own schema. */
function rowErrors(
  rows: readonly Row[],
): Record<number, Partial<Record<keyof AvailabilityRow, string>>> {
  const parsed = availabilitySchema.safeParse({ items: rows.map(({ key: _key, ...row }) => row) });
  const errors: Record<number, Partial<Record<keyof AvailabilityRow, string>>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    if (typeof index !== 'number') continue;
    const key = rows[index].key;
    errors[key] ??= {};
    errors[key][(field as keyof AvailabilityRow) ?? 'endTime'] ??= issue.message;
  }
  return errors;
}

function AvailabilityForm({
  initial,
  onClose,
}: {
  initial: AvailabilityRow[];
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map(withKey));
  const [errors, setErrors] = useState<ReturnType<typeof rowErrors>>({});
  const save = useOperation(agendaSettingsApi.setAvailability);
  const edit = (key: number, changes: Partial<AvailabilityRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  const submit = () => {
    const found = rowErrors(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { body: { items: rows.map(({ key: _key, ...row }) => row) } },
      {
        onSuccess: () => {
          notifySuccess('Horários salvos', 'Suas configurações foram atualizadas com sucesso.');
          onClose();
        },
        onError: (error) => notifyError('Erro ao salvar', error),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Os horários em que você atende. Alunos e o link público só agendam dentro deles; faixas
        bloqueadas ficam fora.
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum horário configurado.
        </Text>
      )}
      <Stack gap="sm" role="list" aria-label="Horários de atendimento">
        {rows.map((row, index) => (
          <div
            key={row.key}
            className={classes.availabilityRow}
            role="listitem"
            aria-label={`Horário ${index + 1}`}
          >
            <NativeSelect
              aria-label="Dia da semana"
              value={String(row.dayOfWeek)}
              onChange={(event) => edit(row.key, { dayOfWeek: Number(event.currentTarget.value) })}
              data={DAY_NAMES.map((name, day) => ({ value: String(day), label: name }))}
              error={errors[row.key]?.dayOfWeek}
              style={{ gridArea: 'day' }}
            />
            <TextInput
              type="time"
              aria-label="Início"
              value={row.startTime}
              onChange={(event) => edit(row.key, { startTime: event.currentTarget.value })}
              error={errors[row.key]?.startTime}
              style={{ gridArea: 'start' }}
            />
            <TextInput
              type="time"
              aria-label="Fim"
              value={row.endTime}
              onChange={(event) => edit(row.key, { endTime: event.currentTarget.value })}
              error={errors[row.key]?.endTime}
              style={{ gridArea: 'end' }}
            />
            <Checkbox
              label="Bloqueado"
              checked={row.isBlocked}
              onChange={(event) => edit(row.key, { isBlocked: event.currentTarget.checked })}
              style={{ gridArea: 'blocked' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remover horário"
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              style={{ gridArea: 'remove' }}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </div>
        ))}
      </Stack>
      <Button
        variant="light"
        onClick={() => setRows((current) => [...current, withKey(DEFAULT_AVAILABILITY_ROW)])}
      >
        Adicionar horário
      </Button>
      <FormActions
        onCancel={onClose}
        submitLabel="Salvar"
        onSubmit={submit}
        pending={save.isPending}
      />
    </Stack>
  );
}

/** 'Configurar Horários' (spec 000 §2): rows Domingo–Sábado with start, end and blocked; saved all at once. */
export function AvailabilityDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const availability = useQuery({ ...availabilityQuery(), select: itemsOf, enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title="Configurar Horários" centered size="lg">
      {opened &&
        (availability.isPending ? (
          <PageLoader />
        ) : availability.isError ? (
          <Text c="red">Não foi possível carregar os horários.</Text>
        ) : (
          <AvailabilityForm initial={availability.data} onClose={onClose} />
        ))}
    </Modal>
  );
}
