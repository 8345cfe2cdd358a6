import {
  type ChargeAnswer,
  SELECT_PLAN_MESSAGE,
  SELECT_PLAN_TITLE,
  chargesApi,
} from '@contracts/charges/api';
import { whatsappUrl } from '@contracts/shared/br-documents';
import type { Student } from '@contracts/students/api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { plansQuery } from '../../../entities/plans';
import { studentsQuery } from '../../../entities/students';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { itemsOf } from '../../../lib/contract-query';
import { copyText } from '../../../lib/clipboard';
import { formatCurrency } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { chargeQuery } from '../../../entities/charges';
import { PixQrCode } from '../../../components/pix-qr-code';
import { receiptSettingsQuery } from '../../../entities/receipt-settings';
import { ReceiptActions } from './receipt-actions';
import { creditsLabel } from '../../../components/credit-badge';
import { useOperation } from '../../../entities/operation';

/**
 * 'Cobrança Online' (spec 000 §2 and §5, spec 001 §2 'Cobrar'): the trainer picks a plan (and the
 * student, from the agenda), a PIX charge is created with its static BR Code; the dialog shows its
 * QR code, 'Pix Copia e Cola' with copy, 'Enviar WhatsApp' and 'Marcar como pago'.
 */
export function ChargeDialog({
  studentId,
  onClose,
}: {
  studentId: string | null;
  onClose: () => void;
}) {
  return (
    // Both steps end with a 'Fechar' button: a second one in the corner would say the same twice.
    <Modal opened onClose={onClose} title="Cobrança Online" centered withCloseButton={false}>
      <ChargeFlow initialStudentId={studentId} onClose={onClose} />
    </Modal>
  );
}

function ChargeFlow({
  initialStudentId,
  onClose,
}: {
  initialStudentId: string | null;
  onClose: () => void;
}) {
  const students = useQuery({ ...studentsQuery(), select: itemsOf });
  const plans = useQuery({ ...plansQuery(), select: itemsOf });
  const [studentId, setStudentId] = useState<string | null>(initialStudentId);
  const student = students.data?.find((candidate) => candidate.id === studentId);
  const [pickedPlanId, setPlanId] = useState<string | null>(null);
  // The student's own plan is chosen first, until another is picked.
  const planId = pickedPlanId ?? student?.planoId ?? null;
  const create = useOperation(chargesApi.create);
  const [charge, setCharge] = useState<ChargeAnswer | null>(null);

  if (students.isPending || plans.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (students.isError || plans.isError) {
    return (
      <Alert color="red" title="Erro ao carregar dados">
        {errorMessage(students.error ?? plans.error)}
      </Alert>
    );
  }
  const offered = plans.data;
  const chosen = offered.find((plan) => plan.id === planId);

  if (charge && student)
    return (
      <ChargeCreated
        charge={charge}
        student={student}
        planNome={chosen?.nome ?? ''}
        onClose={onClose}
      />
    );

  const generate = () => {
    if (!studentId) {
      notifications.show({
        color: 'red',
        title: 'Selecione um aluno',
        message: 'Escolha o aluno que vai pagar.',
      });
      return;
    }
    if (!chosen) {
      notifications.show({ color: 'red', title: SELECT_PLAN_TITLE, message: SELECT_PLAN_MESSAGE });
      return;
    }
    create.mutate(
      { body: { studentId, planId: chosen.id } },
      {
        onSuccess: setCharge,
        onError: (error) => {
          if (!isApiError(error, 'pix_not_configured'))
            notifyError('Erro ao gerar cobrança', error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {initialStudentId && student ? (
        <Text size="sm">
          Cobrança para <strong>{student.nome}</strong>
        </Text>
      ) : (
        <Select
          label="Aluno"
          placeholder="Selecione o aluno"
          searchable
          data={(students.data ?? [])
            .filter((item) => item.ativo)
            .map((item) => ({ value: item.id, label: item.nome }))}
          value={studentId}
          onChange={(value) => {
            setStudentId(value);
            setPlanId(null);
          }}
          nothingFoundMessage="Nenhum aluno encontrado"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {offered.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum plano cadastrado.{' '}
          <Anchor component={Link} to={paths.newPlan} size="sm">
            Cadastrar um plano
          </Anchor>
        </Text>
      ) : (
        <Radio.Group value={planId} onChange={setPlanId} label="Plano">
          <Stack gap="xs" mt="xs">
            {offered.map((plan) => (
              <Radio.Card key={plan.id} value={plan.id} radius="md" p="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {plan.nome}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatCurrency(plan.valor)} · {creditsLabel(plan.creditos)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {isApiError(create.error, 'pix_not_configured') && (
        <Alert color="yellow" title="Chave PIX não configurada">
          {create.error.message}.{' '}
          <Anchor component={Link} to={paths.pixSettings} size="sm" onClick={onClose}>
            Configurar agora
          </Anchor>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        {offered.length > 0 && (
          <Button onClick={generate} loading={create.isPending}>
            Gerar link de pagamento
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ChargeCreated({
  charge,
  student,
  planNome,
  onClose,
}: {
  charge: ChargeAnswer;
  student: Student;
  planNome: string;
  onClose: () => void;
}) {
  const live = useQuery(chargeQuery(charge.id));
  const confirm = useOperation(chargesApi.confirm);
  const issuesReceipts =
    useQuery({ ...receiptSettingsQuery(), select: (answer) => answer.emiteRecibo }).data ?? false;
  const [copied, setCopied] = useState(false);
  const status = confirm.data?.status ?? live.data?.status ?? charge.status;
  const transactionId = confirm.data?.transactionId ?? live.data?.transactionId ?? null;
  const paid = status === 'paga';
  const message = `Olá, ${student.nome}! Segue o PIX de ${formatCurrency(charge.valor)} (${planNome}). Pix Copia e Cola:\n${charge.brCode}`;

  const copy = async () => {
    // Said on the button itself: a toast would cover the dialog's buttons on a phone.
    if (await copyText(charge.brCode)) {
      setCopied(true);
    } else {
      notifications.show({
        color: 'yellow',
        title: 'Copie o código',
        message: 'Selecione o texto do Pix Copia e Cola e copie.',
      });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" truncate>
            {student.nome} · {planNome}
          </Text>
          <Text fw={700} size="xl">
            {formatCurrency(charge.valor)}
          </Text>
        </div>
        <Badge
          color={paid ? 'teal' : status === 'cancelada' ? 'gray' : 'yellow'}
          variant="light"
          style={{ flexShrink: 0 }}
        >
          {paid ? 'Paga' : status === 'cancelada' ? 'Cancelada' : 'Pendente'}
        </Badge>
      </Group>
      {paid ? (
        <Alert color="teal" icon={<IconCheck size={18} />} title="Pagamento confirmado">
          Receita registrada no financeiro e créditos do plano adicionados ao saldo de{' '}
          {student.nome}.
          {transactionId && issuesReceipts && (
            <ReceiptActions transactionId={transactionId} student={student} />
          )}
        </Alert>
      ) : (
        <>
          <PixQrCode code={charge.brCode} alt="QR Code PIX" size={220} />
          <Textarea
            label="Pix Copia e Cola"
            value={charge.brCode}
            readOnly
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => void copy()}
            >
              {copied ? 'Código copiado' : 'Copiar código'}
            </Button>
            <Button
              component="a"
              href={whatsappUrl(student.whatsapp ?? student.telefone, message)}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              variant="light"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              Enviar WhatsApp
            </Button>
          </SimpleGrid>
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        {!paid && status !== 'cancelada' && (
          <Button
            color="teal"
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(
                { params: { id: charge.id } },
                { onError: (error) => notifyError('Erro ao confirmar pagamento', error) },
              )
            }
          >
            Marcar como pago
          </Button>
        )}
      </Group>
    </Stack>
  );
}
