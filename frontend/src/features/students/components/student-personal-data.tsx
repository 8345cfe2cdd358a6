import type { Student } from '@contracts/students/api';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconFileTypePdf from '@tabler/icons-react/dist/esm/icons/IconFileTypePdf.mjs';
import IconJson from '@tabler/icons-react/dist/esm/icons/IconJson.mjs';
import IconMailExclamation from '@tabler/icons-react/dist/esm/icons/IconMailExclamation.mjs';
import IconUserX from '@tabler/icons-react/dist/esm/icons/IconUserX.mjs';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDownloadStudentData } from '../api/student-mutations';
import { EraseStudentDialog } from './erase-student-dialog';

/**
 * The student's rights over their data (LGPD) on their page: a request of theirs to be erased,
 * everything held about them to download (JSON, PDF), and the erasure itself.
 */
export function StudentPersonalData({ student, onErased }: { student: Student; onErased: () => void }) {
  const download = useDownloadStudentData();
  const [erasing, setErasing] = useState(false);
  const save = (formato: 'json' | 'pdf') =>
    download.mutate(
      { id: student.id, formato },
      { onError: (error) => notifyError('Erro ao exportar dados', error) },
    );

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Dados pessoais (LGPD)
        </Title>
        {student.exclusaoPedidaEm && (
          <Alert color="orange" icon={<IconMailExclamation size={18} />} title={`Pedido de exclusão de dados em ${formatDate(student.exclusaoPedidaEm)}`}>
            O aluno pediu que os dados dele sejam excluídos. Exporte-os se precisar e confirme em “Excluir dados do aluno”.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Tudo o que o Vira guarda sobre o aluno: em JSON, completo, ou em PDF, para ler.
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconJson size={16} />}
            loading={download.isPending && download.variables.formato === 'json'}
            onClick={() => save('json')}
          >
            Exportar dados (JSON)
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={download.isPending && download.variables.formato === 'pdf'}
            onClick={() => save('pdf')}
          >
            Exportar dados (PDF)
          </Button>
          <Button color="red" variant="light" leftSection={<IconUserX size={16} />} onClick={() => setErasing(true)}>
            Excluir dados do aluno
          </Button>
        </Group>
      </Stack>
      <EraseStudentDialog student={student} opened={erasing} onClose={() => setErasing(false)} onErased={onErased} />
    </Card>
  );
}
