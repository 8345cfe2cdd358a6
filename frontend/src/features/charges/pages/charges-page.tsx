import { type Charge, CHARGE_STATUS_LABELS, CHARGE_STATUSES, type ChargeStatus } from '@contracts/charges';
import { ActionIcon, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { CHARGE_PARAM, NEW_CHARGE, paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { formatCurrency, formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelCharge, useCharges, useConfirmCharge } from '../api/charges';

const STATUS_PARAM = 'status';
const newCharge = `?${CHARGE_PARAM}=${NEW_CHARGE}`;
const BADGE_COLORS: Record<ChargeStatus, string> = { pendente: 'yellow', paga: 'teal', cancelada: 'gray' };
const EMPTY: Record<ChargeStatus, string> = {
  pendente: 'Nenhuma cobrança pendente',
  paga: 'Nenhuma cobrança paga',
  cancelada: 'Nenhuma cobrança cancelada',
};

/**
 * /financeiro/cobrancas: the PIX charges by status, most recent first. A pending one is followed up
 * here after 'Cobrança Online' is closed: its Pix Copia e Cola copied again, marked as paid (the
 * receita and the plan's credits, once) or cancelled. Live: the 'charge' changes refetch the list.
 */
export function ChargesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(STATUS_PARAM) as ChargeStatus | null;
  const status: ChargeStatus = requested && CHARGE_STATUSES.includes(requested) ? requested : 'pendente';
  const charges = useCharges(status);
  const [cancelling, setCancelling] = useState<Charge | null>(null);
  // Here, not in the card: a paid charge leaves the list (and its card unmounts) before the answer's
  // callbacks would run there.
  const confirm = useConfirmCharge();
  const markPaid = (charge: Charge) =>
    confirm.mutate(charge.id, {
      onSuccess: () => notifySuccess('Pagamento confirmado', `Créditos adicionados ao saldo de ${charge.studentNome}.`),
      onError: (error) => notifyError('Erro ao confirmar pagamento', error),
    });

  const setStatus = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(STATUS_PARAM, next);
        return copy;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Cobranças"
        backTo={paths.finance}
        action={
          <>
            {/* A phone has room for its icon only. */}
            <ActionIcon component={Link} to={newCharge} hiddenFrom="sm" size={36} aria-label="Nova cobrança">
              <IconPlus size={20} />
            </ActionIcon>
            <Button component={Link} to={newCharge} visibleFrom="sm" leftSection={<IconPlus size={18} />}>
              Nova cobrança
            </Button>
          </>
        }
      />
      <Stack gap="md" pb={96}>
        <SegmentedControl
          fullWidth
          maw={480}
          aria-label="Status"
          value={status}
          onChange={setStatus}
          data={CHARGE_STATUSES.map((value) => ({ value, label: `${CHARGE_STATUS_LABELS[value]}s` }))}
        />
        {charges.isError && (
          <LoadError title="Erro ao carregar cobranças" error={charges.error} onRetry={() => void charges.refetch()} />
        )}
        {charges.isPending && <Skeleton h={120} radius="md" />}
        {charges.data?.length === 0 && (
          <Card>
            <Text c="dimmed" ta="center">
              {EMPTY[status]}
            </Text>
          </Card>
        )}
        {charges.data?.map((charge) => (
          <ChargeCard
            key={charge.id}
            charge={charge}
            paying={confirm.isPending && confirm.variables === charge.id}
            onMarkPaid={() => markPaid(charge)}
            onCancel={() => setCancelling(charge)}
          />
        ))}
      </Stack>
      <CancelChargeDialog charge={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function ChargeCard({
  charge,
  paying,
  onMarkPaid,
  onCancel,
}: {
  charge: Charge;
  paying: boolean;
  onMarkPaid: () => void;
  onCancel: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const when =
    charge.status === 'paga' && charge.paidAt
      ? `Paga em ${formatDate(charge.paidAt)}`
      : charge.status === 'cancelada' && charge.cancelledAt
        ? `Cancelada em ${formatDate(charge.cancelledAt)}`
        : `Criada em ${formatDate(charge.createdAt)}`;

  const copy = async () => {
    // The browser refused: the code in the toast, to select by hand.
    if (await copyText(charge.brCode)) setCopied(true);
    else notifications.show({ color: 'yellow', title: 'Copie o código', message: charge.brCode });
  };
  return (
    <Card data-testid="cobranca" aria-label={`Cobrança de ${charge.studentNome}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {charge.studentNome}
            </Text>
            <Text size="sm" c="dimmed">
              {charge.planNome} · {charge.creditos === 1 ? '1 crédito' : `${charge.creditos} créditos`}
            </Text>
            <Text size="xs" c="dimmed">
              {when}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Text fw={700}>{formatCurrency(charge.valor)}</Text>
            <Badge color={BADGE_COLORS[charge.status]} variant="light">
              {CHARGE_STATUS_LABELS[charge.status]}
            </Badge>
          </Stack>
        </Group>
        {charge.status === 'pendente' && (
          <Group gap="xs" grow preventGrowOverflow={false}>
            <Button
              variant="light"
              size="sm"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={() => void copy()}
            >
              {copied ? 'Código copiado' : 'Copiar código'}
            </Button>
            <Button size="sm" color="teal" loading={paying} onClick={onMarkPaid}>
              Marcar como pago
            </Button>
            <Button size="sm" variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function CancelChargeDialog({ charge, onClose }: { charge: Charge | null; onClose: () => void }) {
  const cancel = useCancelCharge();
  const submit = () => {
    if (!charge) return;
    cancel.mutate(charge.id, {
      onSuccess: () => {
        notifySuccess('Cobrança cancelada', `${charge.studentNome} · ${formatCurrency(charge.valor)}`);
        onClose();
      },
      onError: (error) => notifyError('Erro ao cancelar cobrança', error),
    });
  };
  return (
    <ConfirmDialog
      opened={charge !== null}
      onClose={onClose}
      title="Cancelar cobrança?"
      backLabel="Voltar"
      confirmLabel="Cancelar cobrança"
      onConfirm={submit}
      pending={cancel.isPending}
    >
      {charge && (
        <Text size="sm">
          A cobrança de <b>{formatCurrency(charge.valor)}</b> para <b>{charge.studentNome}</b> deixa de valer e não
          poderá mais ser marcada como paga.
        </Text>
      )}
    </ConfirmDialog>
  );
}
