import { useQuery } from '@tanstack/react-query';
import { updateStudentSchema, type Student, studentsApi } from '@contracts/students/api';
import { Card, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import {} from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyOutcome } from '../../../lib/notify';
import { plansQuery } from '../../../entities/plans';
import { itemsOf } from '../../../lib/contract-query';
import { useStudent } from '../hooks/use-student';
import { PlanSelect } from '../components/plan-select';
import { StudentLoaded } from '../components/student-loaded';
import { editFormOf, studentChanges, type StudentEditForm } from '../lib/student-changes';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

function EditStudentForm({ student, goBack }: { student: Student; goBack: () => void }) {
  const {
    values,
    errors,
    change: setValues,
    setErrors,
    field,
    checkbox,
  } = useFormFields<StudentEditForm>(() => editFormOf(student));
  const update = useOperation(studentsApi.update);
  const plans = useQuery({ ...plansQuery({ withArchived: true }), select: itemsOf });
  const currentPlan = useMemo(
    () => plans.data?.find((plan) => plan.id === student.planoId),
    [plans.data, student.planoId],
  );
  const changes = studentChanges(student, values);
  const dirty = Object.keys(changes).length > 0;

  const set = <K extends keyof StudentEditForm>(field: K, value: StudentEditForm[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) {
      goBack();
      return;
    }
    const parsed = updateStudentSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(
      { params: { id: student.id }, body: parsed.data },
      notifyOutcome('Aluno atualizado', 'Erro ao atualizar aluno', goBack),
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Nome completo *" {...field('nome')} />
          <PhoneInput label="WhatsApp" autoComplete="off" {...field('whatsapp')} />
          <TextInput
            label="E-mail"
            type="email"
            placeholder="aluno@exemplo.com"
            {...field('email')}
          />
          <PlanSelect
            value={values.planoId}
            onChange={(planoId) => set('planoId', planoId)}
            current={currentPlan}
            error={errors.planoId}
          />
          <Textarea
            label="Observações"
            autosize
            minRows={3}
            maxRows={8}
            {...field('observacoes')}
          />
          <Switch
            label={values.ativo ? 'Aluno ativo' : 'Aluno inativo'}
            description="Alunos inativos ficam fora da lista, a menos que você escolha mostrá-los."
            {...checkbox('ativo')}
          />
          <FormActions
            onCancel={goBack}
            submitLabel={update.isPending ? 'Salvando...' : 'Salvar alterações'}
            disabled={update.isPending || !dirty}
            mt="xs"
          />
        </Stack>
      </form>
    </Card>
  );
}

/** /alunos/edit/{id}: a real edit form (the earlier app only had a maintenance notice). */
export function EditStudentPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Opened from the list or the student's page: back to it as it was (search and order included).
  const from = (location.state as { from?: string } | null)?.from;
  const returnTo = from ?? paths.student(id);
  const goBack = () => void (from ? navigate(-1) : navigate(returnTo, { replace: true }));
  const student = useStudent(id);
  // The form starts from the server's copy, not from the list's placeholder.
  const loaded = student.data && !student.isPlaceholderData ? student.data : undefined;

  return (
    <>
      <PageHeader title="Editar Aluno" description={student.data?.nome} backTo={returnTo} />
      <StudentLoaded read={student} loaded={loaded}>
        {(current) => <EditStudentForm key={current.id} student={current} goBack={goBack} />}
      </StudentLoaded>
    </>
  );
}
