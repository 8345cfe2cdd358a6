import {
  AUTOMATIC_DEBIT_LABEL,
  type Charge,
  CHARGE_LIST_STATUSES,
  type ChargeListStatus,
  chargeStatusLabel,
  chargeReminderText,
  cycleChargeText,
  LATE_CANCEL_FEE_LABEL,
  chargesApi,
  subscriptionsApi,
} from '@contracts/charges/api';
import { whatsappUrl } from '@contracts/shared/br-documents';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AddLink } from '../../../components/add-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { CHARGE_PARAM, NEW_CHARGE, paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { formatCurrency, formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { chargesQuery } from '../../../entities/charges';
import { studentsQuery } from '../../../entities/students';
import { subscriptionsQuery } from '../../../entities/subscriptions';
import { CycleRefusals } from '../../../components/cycle-refusals';
import { itemsOf } from '../../../lib/contract-query';
import { creditsLabel } from '../../../components/credit-badge';
import { useOperation } from '../../../entities/operation';

const STATUS_PARAM = 'status';
const newCharge = `?${CHARGE_PARAM}=${NEW_CHARGE}`;
const BADGE_COLORS: Record<ChargeListStatus, string> = {
  pendente: 'yellow',
  em_atraso: 'red',
  paga: 'teal',
  cancelada: 'gray',
  devolvida: 'orange',
};
const EMPTY: Record<ChargeListStatus, string> = {
  pendente: 'Nenhuma cobrança pendente',
  em_atraso: 'Nenhuma cobrança em atraso',
  paga: 'Nenhuma cobrança paga',
  cancelada: 'Nenhuma cobrança cancelada',
  devolvida: 'Nenhuma cobrança devolvida',
};
// A charge given back was paid first: it is listed among the paid ones, its badge saying how much went back.
const TABS: ChargeListStatus[] = ['pendente', 'em_atraso', 'paga', 'cancelada'];
const TAB_LABELS: Record<ChargeListStatus, string> = {
  pendente: 'Pendentes',
  em_atraso: 'Em atraso',
  paga: 'Pagas',
  cancelada: 'Canceladas',
  devolvida: 'Devolvidas',
};
const daysLabel = (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'}`;

/**
 * /financeiro/cobrancas: the PIX charges by status, most recent first. A pending one is followed up
 * here after 'Cobrança Online' is closed: its Pix Copia e Cola copied again, marked as paid (the
 * receita and the plan's credits, once) or cancelled. Live: the 'charge' changes refetch the list.
 */
export function ChargesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(STATUS_PARAM) as ChargeListStatus | null;
  const status: ChargeListStatus =
    requested && CHARGE_LIST_STATUSES.includes(requested) ? requested : 'pendente';
  const charges = useQuery({ ...chargesQuery({ status }), select: itemsOf });
  const refunded = useQuery({
    ...chargesQuery({ status: 'devolvida' }),
    select: itemsOf,
    enabled: status === 'paga',
  });
  const items =
    status === 'paga' && charges.data && refunded.data
      ? [...charges.data, ...refunded.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      : charges.data;
  const retryCycle = useOperation(subscriptionsApi.retryCycle);
  const refused = useQuery({
    ...subscriptionsQuery({}),
    select: (answer) =>
      itemsOf(answer).filter((subscription) => subscription.ciclosRecusados.length > 0),
  });
  const names = useQuery({
    ...studentsQuery(),
    select: (answer) => new Map(itemsOf(answer).map((student) => [student.id, student.nome])),
    enabled: (refused.data?.length ?? 0) > 0,
  });
  const [cancelling, setCancelling] = useState<Charge | null>(null);
  // Here, not in the card: a paid charge leaves the list (and its card unmounts) before the answer's
  // callbacks would run there.
  const confirm = useOperation(chargesApi.confirm);
  const markPaid = (charge: Charge) =>
    confirm.mutate(
      { params: { id: charge.id } },
      {
        onSuccess: () =>
          notifySuccess(
            'Pagamento confirmado',
            `Créditos adicionados ao saldo de ${charge.studentNome}.`,
          ),
        onError: (error) => notifyError('Erro ao confirmar pagamento', error),
      },
    );

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
            <ActionIcon
              component={Link}
              to={newCharge}
              hiddenFrom="sm"
              size={36}
              aria-label="Nova cobrança"
            >
              <IconPlus size={20} />
            </ActionIcon>
            <AddLink to={newCharge} visibleFrom="sm">
              Nova cobrança
            </AddLink>
          </>
        }
      />
      <Stack gap="md" pb={96}>
        <SegmentedControl
          fullWidth
          size="xs"
          maw={520}
          aria-label="Status"
          value={status}
          onChange={setStatus}
          data={TABS.map((value) => ({ value, label: TAB_LABELS[value] }))}
        />
        {refused.data?.map((subscription) => (
          <CycleRefusals
            key={subscription.id}
            subscription={subscription}
            onRetry={(id) => retryCycle.mutateAsync({ params: { id } })}
          >
            <Text size="sm" fw={500}>
              <Link to={paths.student(subscription.studentId)}>
                {names.data?.get(subscription.studentId) ?? 'Aluno'}
              </Link>{' '}
              · {subscription.planNome}
            </Text>
          </CycleRefusals>
        ))}
        {charges.isError && (
          <LoadError
            title="Erro ao carregar cobranças"
            error={charges.error}
            onRetry={() => void charges.refetch()}
          />
        )}
        {charges.isPending && <Skeleton h={120} radius="md" />}
        {items?.length === 0 && (
          <Card>
            <Text c="dimmed" ta="center">
              {EMPTY[status]}
            </Text>
          </Card>
        )}
        {items?.map((charge) => (
          <ChargeCard
            key={charge.id}
            charge={charge}
            paying={confirm.isPending && confirm.variables.params.id === charge.id}
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
    (charge.status === 'paga' || charge.status === 'devolvida') && charge.paidAt
      ? `Paga em ${formatDate(charge.paidAt)}`
      : charge.status === 'cancelada' && charge.cancelledAt
        ? `Cancelada em ${formatDate(charge.cancelledAt)}`
        : charge.status === 'em_atraso'
          ? `Em atraso há ${daysLabel(charge.diasEmAtraso)}`
          : charge.vencimento
            ? `Vence em ${formatDate(`${charge.vencimento}T12:00:00Z`)}`
            : `Criada em ${formatDate(charge.createdAt)}`;
  const open = charge.status === 'pendente' || charge.status === 'em_atraso';
  // Debited by the student's bank (Pix Automático): no code to copy or send.
  const automatic = charge.pagamento === 'pix-automatico';
  const isFee = charge.origem === 'taxa';
  // A cycle not yet due goes out as the student's e-mail says it; an overdue one is reminded.
  const cycleToSend =
    charge.origem === 'assinatura' && charge.status === 'pendente' && charge.vencimento;
  const whatsappText = cycleToSend
    ? cycleChargeText(
        { ...charge, vencimento: cycleToSend },
        `${window.location.origin}${paths.studentArea}`,
      )
    : chargeReminderText(charge);

  const copy = async () => {
    // The browser refused: the code in the toast, to select by hand.
    if (await copyText(charge.brCode)) setCopied(true);
    else notifications.show({ color: 'yellow', title: 'Copie o código', message: charge.brCode });
  };
  return (
    <Card
      data-testid="cobranca"
      aria-label={`Cobrança de ${charge.studentNome}`}
      component="article"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {charge.studentNome}
            </Text>
            <Text size="sm" c="dimmed">
              {isFee
                ? LATE_CANCEL_FEE_LABEL
                : `${charge.planNome} · ${creditsLabel(charge.creditos)}`}
            </Text>
            <Text
              size="xs"
              c={charge.status === 'em_atraso' ? 'red' : 'dimmed'}
              fw={charge.status === 'em_atraso' ? 600 : undefined}
            >
              {when}
            </Text>
            {charge.motivo && (
              <Text size="xs" c="dimmed">
                Motivo: {charge.motivo}
              </Text>
            )}
          </div>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700}>{formatCurrency(charge.valor)}</Text>
            <Badge color={BADGE_COLORS[charge.status]} variant="light">
              {chargeStatusLabel(charge)}
            </Badge>
          </Stack>
        </Group>
        {open && automatic && (
          <Badge color="indigo" variant="light" size="lg" style={{ alignSelf: 'flex-start' }}>
            {AUTOMATIC_DEBIT_LABEL}
          </Badge>
        )}
        {open && (
          <Group gap="xs" grow preventGrowOverflow={false}>
            {!automatic && (
              <Button
                component="a"
                href={whatsappUrl(charge.telefone, whatsappText)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                variant="light"
                color="green"
                leftSection={<IconBrandWhatsapp size={16} />}
              >
                {cycleToSend ? 'Enviar no WhatsApp' : 'Lembrar no WhatsApp'}
              </Button>
            )}
            {!automatic && charge.brCode && (
              <Button
                variant="light"
                size="sm"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={() => void copy()}
              >
                {copied ? 'Código copiado' : 'Copiar código'}
              </Button>
            )}
            <Button size="sm" color="teal" loading={paying} onClick={onMarkPaid}>
              Marcar como pago
            </Button>
            <Button size="sm" variant="default" onClick={onCancel}>
              {isFee ? 'Dispensar taxa' : 'Cancelar'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function CancelChargeDialog({ charge, onClose }: { charge: Charge | null; onClose: () => void }) {
  const cancel = useOperation(chargesApi.cancel);
  const [motivo, setMotivo] = useState('');
  const [motivoError, setMotivoError] = useState<string | undefined>();
  const isFee = charge?.origem === 'taxa';
  const close = () => {
    setMotivo('');
    setMotivoError(undefined);
    onClose();
  };
  const submit = () => {
    if (!charge) return;
    if (isFee && !motivo.trim()) {
      setMotivoError('Informe o motivo');
      return;
    }
    cancel.mutate(
      { params: { id: charge.id }, body: motivo.trim() ? { motivo: motivo.trim() } : {} },
      {
        onSuccess: () => {
          notifySuccess(
            isFee ? 'Taxa dispensada' : 'Cobrança cancelada',
            `${charge.studentNome} · ${formatCurrency(charge.valor)}`,
          );
          close();
        },
        onError: (error) => notifyError('Erro ao cancelar cobrança', error),
      },
    );
  };
  return (
    <ConfirmDialog
      opened={charge !== null}
      onClose={close}
      title={isFee ? 'Dispensar taxa?' : 'Cancelar cobrança?'}
      backLabel="Voltar"
      confirmLabel={isFee ? 'Dispensar taxa' : 'Cancelar cobrança'}
      onConfirm={submit}
      pending={cancel.isPending}
    >
      {charge && (
        <Stack gap="sm">
          <Text size="sm">
            A cobrança de <b>{formatCurrency(charge.valor)}</b> para <b>{charge.studentNome}</b>{' '}
            deixa de valer e não poderá mais ser marcada como paga.
          </Text>
          <Textarea
            label="Motivo"
            required={isFee}
            value={motivo}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setMotivoError(undefined);
            }}
            error={motivoError}
            maxLength={200}
          />
        </Stack>
      )}
    </ConfirmDialog>
  );
}
