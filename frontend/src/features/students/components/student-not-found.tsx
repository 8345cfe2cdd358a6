import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Spec 001 §8: '{entity} não encontrado' when missing or not the trainer's. */
export function StudentNotFound() {
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
