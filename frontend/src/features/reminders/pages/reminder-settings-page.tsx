import {
  MAX_LEAD_HOURS,
  REMINDER_SETTINGS_SAVED,
  type ReminderSettings,
  reminderSettingsSchema,
  remindersApi,
} from '@contracts/reminders/api';
import { Card, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useAwaitingFreshRead } from '../../../lib/form-from-server';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { reminderSettingsQuery } from '../../../entities/settings-reminders';
import { useOperation } from '../../../entities/operation';

const LEAD_CHOICES = [1, 2, 3, 6, 12, 24, 48, 72, MAX_LEAD_HOURS];
const leadLabel = (hours: number) =>
  hours === MAX_LEAD_HOURS
    ? '1 semana antes'
    : hours === 1
      ? '1 hora antes'
      : `${hours} horas antes`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function ReminderSettingsForm({ saved }: { saved: ReminderSettings }) {
  const { values, change, checkbox } = useFormFields(saved);
  const save = useOperation(remindersApi.saveSettings);
  const leadChoices = [...new Set([...LEAD_CHOICES, saved.antecedenciaHoras])].sort(
    (a, b) => a - b,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = reminderSettingsSchema.safeParse(values);
    if (!checked.success) {
      notifyError(
        'Não foi possível salvar os lembretes.',
        new Error(checked.error.issues[0]?.message),
      );
      return;
    }
    save.mutate(
      { body: checked.data },
      {
        onSuccess: () => notifySuccess(REMINDER_SETTINGS_SAVED),
        onError: (error) => notifyError('Não foi possível salvar os lembretes.', error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder>
          <Stack gap="md">
            <Switch
              label="Lembrar os alunos por e-mail"
              description="Cada aluno com e-mail cadastrado recebe um lembrete antes de cada sessão agendada."
              {...checkbox('ativo')}
            />
            <NativeSelect
              label="Antecedência do lembrete"
              data={leadChoices.map((hours) => ({ value: String(hours), label: leadLabel(hours) }))}
              value={String(values.antecedenciaHoras)}
              onChange={(event) =>
                change({ ...values, antecedenciaHoras: Number(event.currentTarget.value) })
              }
              disabled={!values.ativo}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="md">
            <Switch
              label="Receber os lembretes de amanhã por e-mail"
              description="Todo dia, a lista das sessões do dia seguinte com os links de WhatsApp para lembrar cada aluno."
              {...checkbox('resumoDiario')}
            />
            <NativeSelect
              label="Horário do e-mail"
              description="No fuso de São Paulo"
              data={Array.from({ length: 24 }, (_, hour) => ({
                value: String(hour),
                label: hourLabel(hour),
              }))}
              value={String(values.horaResumo)}
              onChange={(event) =>
                change({ ...values, horaResumo: Number(event.currentTarget.value) })
              }
              disabled={!values.resumoDiario}
            />
          </Stack>
        </Card>
        <FormActions submitLabel="Salvar" pending={save.isPending} gap="md" />
        <Text size="sm" c="dimmed">
          Reagendar uma sessão move o lembrete; cancelar, excluir ou marcar como realizada o retira.
        </Text>
      </Stack>
    </form>
  );
}

/** /ajustes/lembretes: the students' reminders and the trainer's daily list. */
export function ReminderSettingsPage() {
  const settings = useQuery(reminderSettingsQuery());
  const awaitingFreshRead = useAwaitingFreshRead(settings);
  return (
    <>
      <PageHeader
        title="Lembretes"
        description="Lembretes automáticos das sessões"
        backTo={paths.settings}
      />
      {settings.isPending || awaitingFreshRead ? (
        <PageLoader />
      ) : settings.isError ? (
        <LoadError
          title="Erro ao carregar os lembretes"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <ReminderSettingsForm saved={settings.data} />
      )}
    </>
  );
}
