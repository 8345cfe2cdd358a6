import type { Plan } from '@contracts/plans/api';
import { Badge, Button, Text } from '@mantine/core';
import IconArchive from '@tabler/icons-react/dist/esm/icons/IconArchive.mjs';
import IconArchiveOff from '@tabler/icons-react/dist/esm/icons/IconArchiveOff.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { creditsLabel } from '../../../components/credit-badge';
import { ItemCard, ItemCardActions } from '../../../components/item-card';
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
  return (
    <ItemCard
      title={plan.nome}
      badge={
        plan.arquivado && (
          <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
            Arquivado
          </Badge>
        )
      }
      opacity={plan.arquivado ? 0.85 : 1}
    >
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
      <ItemCardActions onRemove={() => onRemove(plan)}>
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
      </ItemCardActions>
    </ItemCard>
  );
}
