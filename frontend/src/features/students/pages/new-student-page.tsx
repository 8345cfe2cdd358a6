import {
  pixAutomaticoNotMadeText,
  subscribeSchema,
  subscriptionsApi,
} from '@contracts/charges/api';
import { studentFormSchema, studentsApi } from '@contracts/students/api';
import { zonedParts } from '@contracts/shared/time';
import { Alert, Anchor, Card, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/field-errors';
import { APP_TIME_ZONE, formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import {
  MonthlyPlanFields,
  type MonthlyPlanValues,
  NO_MONTHLY_PLAN,
} from '../components/monthly-plan-fields';
import { InviteSuccessPanel, type InviteState } from '../components/invite-success-panel';
import { PlanSelect } from '../components/plan-select';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';
import { identityApi } from '@contracts/identity/api';

interface NewStudentForm extends MonthlyPlanValues {
  nome: string;
  /** As typed, masked: '(11) 99999-9999'. */
  whatsapp: string;
  planoId: string | null;
  observacoes: string;
}

const emptyForm = (): NewStudentForm => ({
  nome: '',
  whatsapp: '',
  planoId: null,
  observacoes: '',
  planoMensalId: NO_MONTHLY_PLAN,
  inicio: zonedParts(new Date(), APP_TIME_ZONE).date,
  cpf: '',
});

/** The form's body for POST /api/students, checked by contracts' `studentFormSchema` (phone as digits). */
export function validateNewStudent(values: NewStudentForm) {
  return studentFormSchema.safeParse({
    nome: values.nome,
    whatsapp: values.whatsapp,
    planoId: values.planoId ?? undefined,
    observacoes: values.observacoes.trim() ? values.observacoes : undefined,
  });
}

/**
 * The body of POST /api/students/:id/subscription when a monthly plan is chosen (undefined when
 * none), checked by contracts' `subscribeSchema` before the student is created; its problems
 * under the form's fields.
 */
export function validateSubscription(values: MonthlyPlanValues) {
  if (values.planoMensalId === NO_MONTHLY_PLAN) return { success: true as const, data: undefined };
  const parsed = subscribeSchema.safeParse({
    planId: values.planoMensalId,
    inicio: values.inicio,
    ...(values.cpf.trim() ? { cpf: values.cpf } : {}),
  });
  if (parsed.success) return { success: true as const, data: parsed.data };
  const { planId, ...rest } = fieldErrors<'planId' | 'inicio' | 'cpf'>(parsed.error);
  return {
    success: false as const,
    errors: { ...rest, ...(planId ? { planoMensalId: planId } : {}) },
  };
}

/** 'dd/mm/aaaa' of a day (AAAA-MM-DD) as it is. */
const day = (date: string) => formatDate(`${date}T12:00:00`);

/**
 * /alunos/novo (spec 001 §2): the form, then the success panel with the student's invite link.
 * A monthly plan chosen there subscribes the student once created; should that step fail, the
 * student stays created and the panel says why. Each visit starts a new form, even from that panel
 * (the quick menu's 'Aluno' there).
 */
export function NewStudentPage() {
  return <NewStudent key={useLocation().key} />;
}

function NewStudent() {
  const navigate = useNavigate();
  const {
    values,
    errors,
    change: setValues,
    setErrors,
    field,
  } = useFormFields<NewStudentForm>(emptyForm);
  const [created, setCreated] = useState<{ id: string; nome: string; whatsapp: string } | null>(
    null,
  );
  const createStudent = useOperation(studentsApi.create);
  const createInvite = useOperation(identityApi.createInvite);
  const subscribe = useOperation(subscriptionsApi.subscribe);

  const set = <K extends keyof NewStudentForm>(field: K, value: NewStudentForm[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const inviteFor = (studentId: string) => createInvite.mutate({ body: { studentId } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateNewStudent(values);
    const subscription = validateSubscription(values);
    if (!parsed.success || !subscription.success) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(subscription.success ? {} : subscription.errors),
      });
      return;
    }
    setErrors({});
    createStudent.mutate(
      { body: parsed.data },
      {
        onSuccess: ({ id }) => {
          setCreated({ id, nome: parsed.data.nome, whatsapp: parsed.data.whatsapp });
          // The invite right after the student (spec 001 §7).
          inviteFor(id);
          if (subscription.data) subscribe.mutate({ params: { id }, body: subscription.data });
        },
        onError: (error) => notifyError('Erro ao criar aluno', error),
      },
    );
  };

  if (created) {
    // The PSP did not make the Pix Automático the CPF was given for: the trainer is told why.
    const pix = subscribe.data?.pixAutomatico;
    const pixNotMade = pix?.status === 'nao_criada' ? pix : undefined;
    const invite: InviteState = createInvite.isSuccess
      ? { status: 'success', inviteUrl: createInvite.data.inviteUrl }
      : createInvite.isError
        ? { status: 'error', error: createInvite.error }
        : { status: 'pending' };
    return (
      <>
        <PageHeader title="Novo Aluno" backTo={paths.students} />
        <Stack gap="md">
          {subscribe.isPending && (
            <Text size="sm" c="dimmed">
              Iniciando a assinatura...
            </Text>
          )}
          {subscribe.isSuccess && (
            <Alert
              color={pixNotMade ? 'yellow' : 'teal'}
              title={pixNotMade ? 'Assinatura iniciada sem Pix Automático' : 'Assinatura iniciada'}
            >
              {subscribe.data.planNome}
              {subscribe.data.proximoVencimento
                ? `: 1º vencimento em ${day(subscribe.data.proximoVencimento)}.`
                : '.'}
              {pixNotMade && ` ${pixAutomaticoNotMadeText(pixNotMade.motivo)}`}
            </Alert>
          )}
          {subscribe.isError && (
            <Alert color="red" title="Assinatura não iniciada">
              <Text size="sm">
                Aluno criado, mas a assinatura não foi iniciada: {errorMessage(subscribe.error)}
              </Text>
              <Anchor component={Link} to={paths.student(created.id)} size="sm">
                Assinar na página do aluno
              </Anchor>
            </Alert>
          )}
          <InviteSuccessPanel
            student={created}
            invite={invite}
            onRetryInvite={() => inviteFor(created.id)}
          />
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Novo Aluno" backTo={paths.students} />
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Nome completo *"
              placeholder="Nome do aluno"
              autoComplete="off"
              {...field('nome')}
            />
            <PhoneInput label="WhatsApp *" autoComplete="off" {...field('whatsapp')} />
            <PlanSelect
              value={values.planoId}
              onChange={(planoId) => set('planoId', planoId)}
              error={errors.planoId}
            />
            <MonthlyPlanFields
              values={values}
              errors={errors}
              onChange={(field, value) =>
                // The monthly plan is the student's plan too, unless another one is chosen.
                setValues((current) => ({
                  ...current,
                  [field]: value,
                  ...(field === 'planoMensalId' &&
                  value !== NO_MONTHLY_PLAN &&
                  current.planoId === null
                    ? { planoId: value }
                    : {}),
                }))
              }
            />
            <Textarea
              label="Observações"
              placeholder="Objetivos, restrições, horários preferidos..."
              autosize
              minRows={3}
              maxRows={8}
              {...field('observacoes')}
            />
            <FormActions
              onCancel={() => void navigate(paths.students)}
              submitLabel={createStudent.isPending ? 'Salvando...' : 'Cadastrar Aluno'}
              disabled={createStudent.isPending}
              mt="xs"
            />
          </Stack>
        </form>
      </Card>
    </>
  );
}
