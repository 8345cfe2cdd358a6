import { studentFormSchema } from '@contracts/students/api';
import { Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError } from '../../../lib/notify';
import { useCreateInvite } from '../api/create-invite';
import { useCreateStudent } from '../api/student-mutations';
import { InviteSuccessPanel, type InviteState } from '../components/invite-success-panel';
import { PlanSelect } from '../components/plan-select';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';

interface NewStudentForm {
  nome: string;
  /** As typed, masked: '(11) 99999-9999'. */
  whatsapp: string;
  planoId: string | null;
  observacoes: string;
}


const emptyForm: NewStudentForm = { nome: '', whatsapp: '', planoId: null, observacoes: '' };

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
 * /alunos/novo (spec 001 §2): the form, then the success panel with the student's invite link.
 * Each visit starts a new form, even from that panel (the quick menu's 'Aluno' there).
 */
export function NewStudentPage() {
  return <NewStudent key={useLocation().key} />;
}

function NewStudent() {
  const navigate = useNavigate();
  const { values, errors, change: setValues, setErrors } = useFormFields<NewStudentForm>(emptyForm);
  const [created, setCreated] = useState<{ id: string; nome: string; whatsapp: string } | null>(null);
  const createStudent = useCreateStudent();
  const createInvite = useCreateInvite();

  const set = <K extends keyof NewStudentForm>(field: K, value: NewStudentForm[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const inviteFor = (studentId: string) => createInvite.mutate({ body: { studentId } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateNewStudent(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    createStudent.mutate({ body: parsed.data }, {
      onSuccess: ({ id }) => {
        setCreated({ id, nome: parsed.data.nome, whatsapp: parsed.data.whatsapp });
        // The invite right after the student (spec 001 §7).
        inviteFor(id);
      },
      onError: (error) => notifyError('Erro ao criar aluno', error),
    });
  };

  if (created) {
    const invite: InviteState = createInvite.isSuccess
      ? { status: 'success', inviteUrl: createInvite.data.inviteUrl }
      : createInvite.isError
        ? { status: 'error', error: createInvite.error }
        : { status: 'pending' };
    return (
      <>
        <PageHeader title="Novo Aluno" backTo={paths.students} />
        <InviteSuccessPanel student={created} invite={invite} onRetryInvite={() => inviteFor(created.id)} />
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
              value={values.nome}
              onChange={(event) => set('nome', event.currentTarget.value)}
              error={errors.nome}
            />
            <PhoneInput
              label="WhatsApp *"
              autoComplete="off"
              value={values.whatsapp}
              onChange={(whatsapp) => set('whatsapp', whatsapp)}
              error={errors.whatsapp}
            />
            <PlanSelect value={values.planoId} onChange={(planoId) => set('planoId', planoId)} error={errors.planoId} />
            <Textarea
              label="Observações"
              placeholder="Objetivos, restrições, horários preferidos..."
              autosize
              minRows={3}
              maxRows={8}
              value={values.observacoes}
              onChange={(event) => set('observacoes', event.currentTarget.value)}
              error={errors.observacoes}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={() => void navigate(paths.students)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={createStudent.isPending}>
                {createStudent.isPending ? 'Salvando...' : 'Cadastrar Aluno'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
