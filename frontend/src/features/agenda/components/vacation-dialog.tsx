import { vacationSchema } from '@contracts/scheduling/api';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormActions } from '../../../components/form-actions';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useQuery } from '@tanstack/react-query';
import { vacationsQuery } from '../../../entities/vacations';
import { itemsOf } from '../../../lib/contract-query';
import { useEndVacation, useStartVacation } from '../api/agenda-settings-mutations';

const range = (startDate: string, endDate: string) => `${formatDate(startDate)} a ${formatDate(endDate)}`;

/** 'Modo Férias' (spec 000 §2): a period with no booking, and the active ones with a remove action. */
export function VacationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const vacations = useQuery({ ...vacationsQuery(), select: itemsOf, enabled: opened });
  const start = useStartVacation();
  const end = useEndVacation();
  const { values, change, field } = useFormFields({ startDate: '', endDate: '', description: '' });

  const submit = () => {
    // Spec 000 §5.
    if (!values.startDate || !values.endDate) {
      notifications.show({ color: 'red', title: 'Campos obrigatórios', message: 'Preencha as datas de início e término.' });
      return;
    }
    const parsed = vacationSchema.safeParse({ ...values, description: values.description || null });
    if (!parsed.success) {
      notifications.show({ color: 'red', title: 'Datas inválidas', message: parsed.error.issues[0].message });
      return;
    }
    start.mutate({ body: parsed.data }, {
      onSuccess: () => {
        notifySuccess('Modo férias ativado', `Agenda bloqueada de ${range(parsed.data.startDate, parsed.data.endDate)}.`);
        change({ startDate: '', endDate: '', description: '' });
      },
      onError: (error) => notifyError('Erro ao ativar férias', error),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Modo Férias" centered>
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          Nenhum agendamento pode ser criado durante um período bloqueado.
        </Alert>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label="Data de início" {...field('startDate')} />
          <TextInput type="date" label="Data de término" {...field('endDate')} />
        </SimpleGrid>
        <TextInput label="Descrição" placeholder="Opcional" maxLength={200} {...field('description')} />
        <FormActions submitLabel="Ativar férias" onSubmit={submit} pending={start.isPending} gap="md" />
        <Stack gap="xs">
          <Text fw={600} size="sm" id="active-vacations">
            Períodos ativos
          </Text>
          {vacations.data && vacations.data.length === 0 && (
            <Text size="sm" c="dimmed">
              Nenhum período de férias ativo.
            </Text>
          )}
          <Stack gap="xs" role="list" aria-labelledby="active-vacations">
            {vacations.data?.map((vacation) => (
              <Group key={vacation.id} justify="space-between" wrap="nowrap" role="listitem">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {range(vacation.startDate, vacation.endDate)}
                  </Text>
                  {vacation.description && (
                    <Text size="xs" c="dimmed" truncate>
                      {vacation.description}
                    </Text>
                  )}
                </Stack>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remover ${range(vacation.startDate, vacation.endDate)}`}
                  loading={end.isPending && end.variables?.params.id === vacation.id}
                  onClick={() =>
                    end.mutate({ params: { id: vacation.id } }, {
                      onSuccess: () => notifySuccess('Período removido', 'O bloqueio foi desativado.'),
                      onError: (error) => notifyError('Erro', error),
                    })
                  }
                >
                  Remover
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Modal>
  );
}
