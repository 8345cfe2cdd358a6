import type { Plan } from '@contracts/plans/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconArchive from '@tabler/icons-react/dist/esm/icons/IconArchive.mjs';
import IconArchiveOff from '@tabler/icons-react/dist/esm/icons/IconArchiveOff.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useId } from 'react';
import { creditsLabel } from '../../../components/credit-badge';
import { dueDayLabel, formatReais } from '../lib/plan-form';

export interface PlanCardProps {
  plan: Plan;
  onEdit: (plan: Plan) => void;
  onArchive: (plan: Plan) => void;
  onRestore: (plan: Plan) => void;
  onRemove: (plan: Plan) => void;
  /** Archiving or restoring this plan is under way. */
  busy?: boolean;
}

/** A plan: name, price, credits, value per credit, description and what can be done with it. */
export function PlanCard({ plan, onEdit, onArchive, onRestore, onRemove, busy }: PlanCardProps) {
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} h="100%" opacity={plan.arquivado ? 0.85 : 1}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {plan.nome}
          </Title>
          {plan.arquivado && (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Arquivado
            </Badge>
          )}
        </Group>
        <div>
          <Text fz={26} fw={700} lh={1.2}>
            {formatReais(plan.valor)}
          </Text>
          <Text size="sm" c="dimmed">
            {creditsLabel(plan.creditos)} · {formatReais(plan.valorPorCredito)} por crédito
          </Text>
          {plan.cobranca.tipo === 'mensal' && (
            <Text size="sm" c="dimmed">
              {dueDayLabel(plan.cobranca.diaVencimento)}
            </Text>
          )}
        </div>
        {plan.descricao && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {plan.descricao}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt="xs" wrap="nowrap">
          {plan.arquivado ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArchiveOff size={16} />}
              onClick={() => onRestore(plan)}
              loading={busy}
            >
              Restaurar
            </Button>
          ) : (
            <>
              <Button size="xs" variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(plan)}>
                Editar
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArchive size={16} />}
                onClick={() => onArchive(plan)}
                loading={busy}
              >
                Arquivar
              </Button>
            </>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            ml="auto"
            aria-label="Remover"
            title="Remover"
            onClick={() => onRemove(plan)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Card>
  );
}
