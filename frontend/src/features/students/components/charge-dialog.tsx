import type { Student } from '@contracts/students';
import { Alert, Anchor, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconInfoCircle from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { creditsLabel } from '../../../components/credit-badge';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { formatCurrency } from '../../../lib/format';
import { usePlans } from '../api/get-plans';

/**
 * Cobrar (spec 001 §2, 000 §5 "Online charge"): the trainer picks one of the plans on offer. Online
 * payment (Pix charges) is not built yet, so after the choice the dialog says so and records nothing.
 */
export function ChargeDialog({ student, onClose }: { student: Student | null; onClose: () => void }) {
  return (
    <Modal opened={student !== null} onClose={onClose} title="Cobrança Online" centered>
      {student && <ChargeForm key={student.id} student={student} onClose={onClose} />}
    </Modal>
  );
}

function ChargeForm({ student, onClose }: { student: Student; onClose: () => void }) {
  const plans = usePlans();
  const [planId, setPlanId] = useState<string | null>(student.planoId);
  const [requested, setRequested] = useState(false);
  const offered = plans.data ?? [];
  const chosen = offered.find((plan) => plan.id === planId);

  const generate = () => {
    if (!chosen) {
      notifications.show({
        color: 'red',
        title: 'Selecione um plano',
        message: 'Você precisa selecionar um plano para gerar o link de pagamento.',
      });
      return;
    }
    setRequested(true);
  };

  if (plans.isPending) return <Loader size="sm" aria-label="Carregando planos" />;
  if (plans.isError) {
    return (
      <Alert color="red" title="Erro ao carregar planos">
        {errorMessage(plans.error)}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Cobrança para <strong>{student.nome}</strong>
      </Text>
      {offered.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum plano cadastrado.{' '}
          <Anchor component={Link} to={paths.newPlan} size="sm">
            Cadastrar um plano
          </Anchor>
        </Text>
      ) : (
        <Radio.Group
          value={planId}
          onChange={(value) => {
            setPlanId(value);
            setRequested(false);
          }}
          label="Plano"
        >
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
      {requested && chosen && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Pagamento online em breve">
          A cobrança online por Pix está chegando ao Vira. Por enquanto nenhum link foi gerado e nada foi
          registrado: combine o pagamento de {formatCurrency(chosen.valor)} ({chosen.nome}) diretamente com{' '}
          {student.nome}.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        {offered.length > 0 && <Button onClick={generate}>Gerar link de pagamento</Button>}
      </Group>
    </Stack>
  );
}
