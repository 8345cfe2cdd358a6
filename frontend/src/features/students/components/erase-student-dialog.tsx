import { confirmsErasure, ERASURE_KEEPS, type Student } from '@contracts/students/api';
import { Alert, List, Text } from '@mantine/core';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import { TypedConfirmationDialog } from '../../../components/typed-confirmation-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEraseStudent } from '../api/student-mutations';

/** What erasure takes away, said before the trainer confirms. */
const ERASED = [
  'Nome, telefone, WhatsApp, e-mail, CPF e observações do aluno',
  'O acesso do aluno ao app, seus convites e as anotações das sessões',
  'O IP completo e o nome nas assinaturas de contrato e nos pagamentos',
];

/**
 * 'Excluir dados do aluno' (LGPD): says what goes and what the law keeps, and asks for the
 * student's name typed as registered before it erases.
 */
export function EraseStudentDialog({
  student,
  opened,
  onClose,
  onErased,
}: {
  student: Student;
  opened: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const erase = useEraseStudent();
  const confirm = (typed: string) =>
    erase.mutate(
      { params: { id: student.id }, body: { confirm: typed } },
      {
        onSuccess: () => {
          notifySuccess('Dados excluídos', 'Os dados pessoais do aluno foram excluídos.');
          onErased();
        },
        onError: (error) => notifyError('Erro ao excluir dados', error),
      },
    );

  return (
    <TypedConfirmationDialog
      opened={opened}
      onClose={onClose}
      title="Excluir dados do aluno"
      label="Para confirmar, digite o nome do aluno"
      description={student.nome}
      confirms={(typed) => confirmsErasure(typed, student.nome)}
      submitLabel="Excluir dados"
      pending={erase.isPending}
      onConfirm={confirm}
    >
      <div>
        <Text size="sm" fw={600} mb={4}>
          O que é excluído
        </Text>
        <List size="sm" spacing={2}>
          {ERASED.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Text size="sm" mt={4}>
          Em todo o Vira, no lugar do nome aparece “Titular removido”. Não dá para desfazer.
        </Text>
      </div>
      <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} title="O que fica guardado, e por quê">
        {ERASURE_KEEPS}
      </Alert>
    </TypedConfirmationDialog>
  );
}
