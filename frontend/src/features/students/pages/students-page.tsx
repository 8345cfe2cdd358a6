import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';
import { Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AddLink } from '../../../components/add-link';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { CHARGE_PARAM, paths } from '../../../config/paths';
import { plansQuery } from '../../../entities/plans';
import { studentsQuery } from '../../../entities/students';
import { itemsOf } from '../../../lib/contract-query';
import { DeleteStudentDialog } from '../components/delete-student-dialog';
import { InviteLinkDialog } from '../components/invite-link-dialog';
import { StudentList } from '../components/student-list';
import { useInviteLink } from '../hooks/use-invite-link';
import { useRenewPlan } from '../hooks/use-renew-plan';
import { isStudentSort, registeredCount, STUDENT_SORT_LABELS, visibleStudents, type StudentSort } from '../lib/student-list';

const sortOptions = Object.entries(STUDENT_SORT_LABELS).map(([value, label]) => ({ value, label }));

/** Search, order and the inactive switch live in the address, so coming back keeps them. */
function useListView() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('ordem');
  const view = {
    query: params.get('busca') ?? '',
    sort: (isStudentSort(sortParam) ? sortParam : 'nome') as StudentSort,
    showInactive: params.get('inativos') === '1',
  };
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { view, set };
}

function EmptyState() {
  return (
    <Card>
      <Stack align="center" gap="xs" py="xl" ta="center">
        <IconUserPlus size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Title order={2} fz="lg">
          Nenhum aluno cadastrado
        </Title>
        <Text c="dimmed" size="sm" maw={360}>
          Cadastre seu primeiro aluno e envie o convite para ele criar a conta.
        </Text>
        <Button component={Link} to={paths.newStudent} leftSection={<IconPlus size={16} />} mt="xs">
          Cadastrar Aluno
        </Button>
      </Stack>
    </Card>
  );
}

/** /alunos (spec 001 §2): the trainer's students, live across every open browser of the tenant. */
export function StudentsPage() {
  const students = useQuery({ ...studentsQuery(), select: itemsOf });
  const plans = useQuery({ ...plansQuery({ withArchived: true }), select: itemsOf });
  const { view, set } = useListView();
  const query = useDeferredValue(view.query);
  const { ask: askRenewal, renewingIds, dialog: renewDialog } = useRenewPlan();
  const { invite, invitingIds, manualLink, closeManualLink } = useInviteLink();
  const [, setSearchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<Student | null>(null);

  const plansById = useMemo(() => new Map((plans.data ?? []).map((plan) => [plan.id, plan])), [plans.data]);
  const shown = useMemo(
    () => visibleStudents(students.data ?? [], { query, sort: view.sort, showInactive: view.showInactive }),
    [students.data, query, view.sort, view.showInactive],
  );
  const inactiveCount = useMemo(() => (students.data ?? []).filter((student) => !student.ativo).length, [students.data]);

  const onRenew = useCallback((student: Student, plan: Plan) => askRenewal({ student, plan }), [askRenewal]);
  const onInvite = useCallback((student: Student) => invite(student), [invite]);
  // 'Cobrança Online' opens over the page (the shell's charge dialog).
  const onCharge = useCallback(
    (student: Student) => setSearchParams((current) => ({ ...Object.fromEntries(current), [CHARGE_PARAM]: student.id })),
    [setSearchParams],
  );
  const onDelete = useCallback((student: Student) => setDeleting(student), []);

  const total = students.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Alunos"
        description={students.data ? registeredCount(total) : undefined}
        action={
          <AddLink to={paths.newStudent}>Novo Aluno</AddLink>
        }
      />
      {students.isPending ? (
        <PageLoader />
      ) : students.isError ? (
        <LoadError title="Erro ao carregar alunos" error={students.error} onRetry={() => void students.refetch()} />
      ) : total === 0 ? (
        <EmptyState />
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              aria-label="Buscar aluno por nome"
              placeholder="Buscar aluno por nome"
              leftSection={<IconSearch size={16} />}
              value={view.query}
              onChange={(event) => set({ busca: event.currentTarget.value })}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            <Select
              aria-label="Ordenar por"
              data={sortOptions}
              value={view.sort}
              onChange={(value) => set({ ordem: value === 'nome' ? null : value })}
              allowDeselect={false}
              style={{ flex: '1 1 180px', maxWidth: 260 }}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length === total ? '' : `Mostrando ${shown.length} de ${total}`}
            </Text>
            <Switch
              label={inactiveCount > 0 ? `Mostrar inativos (${inactiveCount})` : 'Mostrar inativos'}
              checked={view.showInactive}
              onChange={(event) => set({ inativos: event.currentTarget.checked ? '1' : null })}
            />
          </Group>
          {shown.length === 0 ? (
            <Card>
              <Text c="dimmed" ta="center" size="sm" py="md">
                Nenhum aluno encontrado
              </Text>
            </Card>
          ) : (
            <StudentList
              // A new search, order or filter starts again from the first page of cards.
              key={`${query}|${view.sort}|${view.showInactive}`}
              students={shown}
              plansById={plansById}
              plansLoading={plans.isPending}
              renewingIds={renewingIds}
              invitingIds={invitingIds}
              onRenew={onRenew}
              onCharge={onCharge}
              onInvite={onInvite}
              onDelete={onDelete}
            />
          )}
        </Stack>
      )}
      <DeleteStudentDialog student={deleting} onClose={() => setDeleting(null)} />
      <InviteLinkDialog link={manualLink} onClose={closeManualLink} />
      {renewDialog}
    </>
  );
}
