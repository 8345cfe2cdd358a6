import type { Student, studentsApi } from '@contracts/students/api';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError, type OperationError } from '../../../lib/api-error';

/** Spec 001 §8: '{entity} não encontrado' when missing or not the trainer's. */
function StudentNotFound() {
  return (
    <Card>
      <Stack align="center" gap="xs" py="xl" ta="center">
        <Title order={2} fz="lg">
          Aluno não encontrado
        </Title>
        <Text c="dimmed" size="sm">
          Ele pode ter sido removido. Volte para a lista de alunos.
        </Text>
        <Button component={Link} to={paths.students} variant="light" mt="xs">
          Voltar para Alunos
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * A student's page body: `children` once the student is `loaded`; meanwhile the loader, or what
 * went wrong reading them ('Aluno não encontrado' for one that is gone).
 */
export function StudentLoaded({
  read,
  loaded = read.data,
  children,
}: {
  read: UseQueryResult<Student, OperationError<typeof studentsApi.get>>;
  /** The student to show; by default whatever the read holds. */
  loaded?: Student;
  children: (student: Student) => ReactNode;
}) {
  if (loaded) return children(loaded);
  if (!read.isError) return <PageLoader />;
  if (isApiError(read.error, 'not_found')) return <StudentNotFound />;
  return (
    <Alert color="red" title="Erro ao carregar aluno">
      {errorMessage(read.error)}
    </Alert>
  );
}
