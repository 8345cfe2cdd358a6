import {
  isSeriesAnswer,
  MAX_OCCURRENCES,
  SCHEDULE_CONFLICT,
  SESSION_STATUS_LABELS,
  SESSION_STATUSES,
  SESSION_WARNINGS,
  type SeriesBooked,
  type Session,
  type SessionCommandAnswer,
  type SessionStatus,
  type UpdateSessionInput,
  sessionsApi,
} from '@contracts/scheduling/api';
import type { Location } from '@contracts/locations/api';
import type { Student } from '@contracts/students/api';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { failureOf, isApiError, type OperationError } from '../../../lib/api-error';
import { formatDateTimeInZone } from '../../../lib/format';
import { notifyAttention, notifyError, notifySuccess } from '../../../lib/notify';
import {
  checkboxField,
  type FieldsProps,
  textField,
  useFormFields,
} from '../../../lib/use-form-fields';
import { AGENDA_TIME_ZONE } from '../lib/calendar';
import {
  bookInput,
  changeInput,
  emptySessionForm,
  REQUIRED_MESSAGE,
  REQUIRED_TITLE,
  sessionFormValues,
  type SessionFormValues,
} from '../lib/session-form';
import { SeriesResult } from './series-result';
import { useOperation } from '../../../entities/operation';

export type SessionFormTarget =
  { kind: 'new'; date: string; inicio?: string } | { kind: 'edit'; session: Session };

/** A warning the API gave with a success: said, not blocking. */
export function notifyWarning(warning: keyof typeof SESSION_WARNINGS | undefined) {
  if (warning) notifyAttention('Atenção', SESSION_WARNINGS[warning]);
}

/** A 409 the trainer can act on: the conflict can be booked anyway, a blocked period cannot. */
type Refusal = { code: string; message: string };

function SessionForm({
  target,
  students,
  locations,
  onClose,
}: {
  target: SessionFormTarget;
  students: readonly Student[];
  locations: readonly Location[];
  onClose: () => void;
}) {
  const { values, errors, change, setErrors } = useFormFields<SessionFormValues>(() =>
    target.kind === 'edit'
      ? sessionFormValues(target.session)
      : emptySessionForm(target.date, target.inicio),
  );
  const book = useOperation(sessionsApi.book);
  const update = useOperation(sessionsApi.change);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [series, setSeries] = useState<SeriesBooked | null>(null);
  const [scope, setScope] = useState<'one' | 'following'>('one');
  /** The form's fields; any change drops the last refusal. */
  const form: FieldsProps<SessionFormValues> = {
    values,
    errors,
    onChange: (update) => {
      setRefusal(null);
      change(update);
    },
  };
  const set = <K extends keyof SessionFormValues>(key: K, value: SessionFormValues[K]) =>
    form.onChange((current) => ({ ...current, [key]: value }));
  const field = (key: 'date' | 'inicio' | 'fim' | 'observacoes' | 'until') => textField(form, key);
  const editing = target.kind === 'edit' ? target.session : null;

  const studentOptions = students
    .filter((student) => student.ativo || student.id === editing?.studentId)
    .map((student) => ({ value: student.id, label: student.nome }));
  const locationOptions = locations
    .filter((location) => location.ativo || location.id === editing?.locationId)
    .map((location) => ({ value: location.id, label: location.nome }));

  const refused = (
    error: OperationError<typeof sessionsApi.book | typeof sessionsApi.change>,
    title: string,
  ) => {
    if (isApiError(error, 'invalid_range')) setErrors({ fim: error.message });
    else if (isApiError(error) && error.statusCode === 409)
      setRefusal({ code: error.code, message: error.message });
    else notifyError(title, error);
  };

  const submit = (allowOverlap = false) => {
    setRefusal(null);
    if (!editing) {
      const checked = bookInput(values);
      if ('errors' in checked) {
        setErrors(checked.errors);
        if (checked.required)
          notifications.show({ color: 'red', title: REQUIRED_TITLE, message: REQUIRED_MESSAGE });
        return;
      }
      book.mutate(
        { body: { ...checked.data, ...(allowOverlap && { allowOverlap: true }) } },
        {
          onSuccess: (answer) => {
            if (isSeriesAnswer(answer)) {
              if (answer.created.length > 0) notifySuccess('Agendamento criado com sucesso!');
              notifyWarning(answer.warning);
              setSeries(answer);
              return;
            }
            notifySuccess('Agendamento criado com sucesso!');
            notifyWarning(answer.warning);
            onClose();
          },
          onError: (error) => refused(error, 'Erro ao criar agendamento'),
        },
      );
      return;
    }
    const checked = changeInput(editing, values);
    if ('unchanged' in checked) {
      onClose();
      return;
    }
    if ('errors' in checked) {
      setErrors(checked.errors);
      if (checked.required)
        notifications.show({ color: 'red', title: REQUIRED_TITLE, message: REQUIRED_MESSAGE });
      return;
    }
    // A status is this session's own: 'Esta e as próximas' moves and reassigns the later ones, but
    // never marks them Realizada or Cancelada (that would take or burn credits for sessions not held).
    const { status, ...rest } = checked.data;
    const following = editing.seriesId !== null && scope === 'following';
    const steps: UpdateSessionInput[] =
      following && status !== undefined
        ? [...(Object.keys(rest).length > 0 ? [{ ...rest, scope }] : []), { status, scope: 'one' }]
        : [{ ...checked.data, ...(editing.seriesId && { scope }) }];
    void (async () => {
      try {
        const answers: SessionCommandAnswer[] = [];
        for (const changes of steps)
          answers.push(
            await update.mutateAsync({
              params: { id: editing.id },
              body: { ...changes, ...(allowOverlap && { allowOverlap: true }) },
            }),
          );
        notifySuccess('Agendamento atualizado com sucesso!');
        for (const answer of answers) notifyWarning(answer.warning);
        const notChanged = answers.flatMap((answer) => answer.refused ?? []);
        if (notChanged.length > 0)
          notifications.show({
            color: 'yellow',
            title: 'Algumas sessões não foram alteradas',
            message: notChanged
              .map(
                (item) => `${formatDateTimeInZone(item.inicio, AGENDA_TIME_ZONE)}: ${item.message}`,
              )
              .join('; '),
            autoClose: false,
          });
        onClose();
      } catch (error) {
        refused(failureOf<typeof sessionsApi.change>(error), 'Erro ao atualizar agendamento');
      }
    })();
  };

  if (series) return <SeriesResult result={series} onClose={onClose} />;

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Select
          label="Aluno"
          placeholder="Selecione o aluno"
          data={studentOptions}
          value={values.studentId || null}
          onChange={(value) => set('studentId', value ?? '')}
          error={errors.studentId}
          searchable
          nothingFoundMessage="Nenhum aluno encontrado"
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Local"
          placeholder="Sem local"
          data={locationOptions}
          value={values.locationId || null}
          onChange={(value) => set('locationId', value ?? '')}
          error={errors.locationId}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput type="date" label="Data" {...field('date')} withAsterisk />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="time" label="Início" {...field('inicio')} withAsterisk />
          <TextInput type="time" label="Fim" {...field('fim')} withAsterisk />
        </SimpleGrid>
        {editing && (
          <Select
            label="Status"
            data={SESSION_STATUSES.map((status) => ({
              value: status,
              label: SESSION_STATUS_LABELS[status],
            }))}
            value={values.status}
            onChange={(value) => value && set('status', value as SessionStatus)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Textarea
          label="Observações"
          placeholder="Opcional"
          autosize
          minRows={2}
          maxRows={5}
          {...field('observacoes')}
        />
        {!editing && (
          <Stack gap="xs">
            <Checkbox label="Repetir semanalmente" {...checkboxField(form, 'repeat')} />
            {values.repeat && (
              <>
                <SegmentedControl
                  aria-label="Repetir por"
                  value={values.repeatKind}
                  onChange={(value) => set('repeatKind', value as SessionFormValues['repeatKind'])}
                  data={[
                    { value: 'weeks', label: 'Número de semanas' },
                    { value: 'until', label: 'Até a data' },
                  ]}
                  size="xs"
                />
                {values.repeatKind === 'weeks' ? (
                  <NumberInput
                    label="Semanas"
                    description="Inclui a primeira sessão"
                    min={1}
                    max={MAX_OCCURRENCES}
                    allowDecimal={false}
                    value={values.weeks}
                    onChange={(value) => set('weeks', value)}
                    error={errors.weeks}
                  />
                ) : (
                  <TextInput type="date" label="Repetir até" {...field('until')} />
                )}
              </>
            )}
          </Stack>
        )}
        {editing?.seriesId && (
          <Radio.Group
            label="Aplicar a"
            value={scope}
            onChange={(value) => setScope(value as 'one' | 'following')}
          >
            <Group gap="md" mt={4}>
              <Radio value="one" label="Só esta" />
              <Radio value="following" label="Esta e as próximas" />
            </Group>
          </Radio.Group>
        )}
        {refusal && (
          <Alert
            color={refusal.code === SCHEDULE_CONFLICT ? 'yellow' : 'red'}
            variant="light"
            title={
              refusal.code === SCHEDULE_CONFLICT
                ? 'Conflito de horário'
                : 'Não foi possível agendar'
            }
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              {refusal.message}
              {refusal.code === SCHEDULE_CONFLICT && (
                <Button
                  size="xs"
                  color="yellow"
                  onClick={() => submit(true)}
                  loading={book.isPending || update.isPending}
                >
                  Agendar mesmo assim
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={editing ? 'Salvar' : 'Agendar'}
          pending={book.isPending || update.isPending}
        />
      </Stack>
    </form>
  );
}

export interface SessionFormDialogProps {
  target: SessionFormTarget | null;
  opened: boolean;
  students: readonly Student[];
  locations: readonly Location[];
  onClose: () => void;
}

/** 'Novo agendamento' and 'Editar agendamento' (spec 000 §2). */
export function SessionFormDialog({
  target,
  opened,
  students,
  locations,
  onClose,
}: SessionFormDialogProps) {
  const key =
    target?.kind === 'edit'
      ? target.session.id
      : `new-${target?.date ?? ''}-${target?.inicio ?? ''}`;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Editar agendamento' : 'Novo agendamento'}
      centered
    >
      {target && (
        <SessionForm
          key={key}
          target={target}
          students={students}
          locations={locations}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
