import {
  BANKS_BY_ISPB,
  PAUSE_CYCLES,
  PIX_AUTOMATICO_STATUS_LABELS,
  pixAutomaticoNotMadeText,
  type PixAutomaticoStatus,
  type Subscription,
  subscriptionsApi,
} from '@contracts/charges/api';
import type { Student } from '@contracts/students/api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { zonedParts } from '@contracts/shared/time';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CycleRefusals } from '../../../components/cycle-refusals';
import { FormActions } from '../../../components/form-actions';
import { plansQuery } from '../../../entities/plans';
import { subscriptionsQuery } from '../../../entities/subscriptions';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { itemsOf } from '../../../lib/contract-query';
import {
  APP_TIME_ZONE,
  formatCurrency,
  formatDate,
  formatDateTimeInZone,
  formatPt,
} from '../../../lib/format';
import { notifyAttention, notifyError, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { PixQrCode } from '../../../components/pix-qr-code';
import { useOperation } from '../../../entities/operation';

/** 'dd/mm/aaaa' of a day (AAAA-MM-DD) as it is, no time zone involved. */
const day = (date: string) => formatDate(`${date}T12:00:00`);

/** 'março de 2027' of a cycle (AAAA-MM). */
const monthOf = (ciclo: string) => formatPt(`${ciclo}-15T12:00:00`, "MMMM 'de' yyyy");

const UNTIL_RESUMED = 'ate-retomar';

/** 'Pausar assinatura': for 1, 2 or 3 cycles, or until the trainer resumes it. */
function PauseDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const pause = useOperation(subscriptionsApi.pause);
  const [ciclos, setCiclos] = useState('1');
  return (
    <ConfirmDialog
      opened={subscription !== null}
      onClose={onClose}
      title="Pausar assinatura"
      backLabel="Voltar"
      confirmLabel="Pausar"
      confirmColor="blue"
      onConfirm={() =>
        subscription &&
        pause.mutate(
          {
            params: { id: subscription.id },
            body: { ciclos: PAUSE_CYCLES.find((count) => String(count) === ciclos) ?? null },
          },
          {
            onSuccess: () => {
              notifySuccess(
                'Assinatura pausada',
                'Nenhuma cobrança é emitida enquanto ela estiver pausada.',
              );
              onClose();
            },
          },
        )
      }
      pending={pause.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">
          A partir do próximo ciclo ainda não vencido, nenhuma cobrança é emitida (uma já emitida
          desses ciclos é cancelada).
        </Text>
        <Radio.Group label="Por quanto tempo" value={ciclos} onChange={setCiclos}>
          <Stack gap="xs" mt={4}>
            {PAUSE_CYCLES.map((count) => (
              <Radio
                key={count}
                value={String(count)}
                label={count === 1 ? '1 ciclo' : `${count} ciclos`}
              />
            ))}
            <Radio value={UNTIL_RESUMED} label="Até eu retomar" />
          </Stack>
        </Radio.Group>
        {pause.error && <Alert color="red">{errorMessage(pause.error)}</Alert>}
      </Stack>
    </ConfirmDialog>
  );
}

/** While the student has not authorised yet, the card asks the server again this often. */
const AUTHORISATION_REFETCH_MS = 4000;

const OTHER_BANK = 'outro';

/**
 * Jornada 1: instead of the QR, the trainer names the student's bank account and the bank asks the
 * student to authorise in its app.
 */
function BankRequestDialog({
  subscription,
  opened,
  onClose,
}: {
  subscription: Subscription;
  opened: boolean;
  onClose: () => void;
}) {
  const request = useOperation(subscriptionsApi.requestAuthorisation);
  const [bank, setBank] = useState<string | null>(null);
  const { values, field } = useFormFields({ ispb: '', agencia: '', conta: '' });
  const { agencia, conta } = values;
  const chosenIspb = bank === OTHER_BANK ? values.ispb.trim() : (bank ?? '');
  return (
    <Modal opened={opened} onClose={onClose} title="Pedir no banco do aluno" centered>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          // Awaited: the authorisation may reach the card by its live update before the answer.
          request
            .mutateAsync({
              params: { id: subscription.id },
              body: { ispb: chosenIspb, conta, ...(agencia.trim() ? { agencia } : {}) },
            })
            .then(
              () => {
                notifySuccess(
                  'Pedido enviado ao banco do aluno',
                  'Ele aprova no app do banco; a autorização aparece aqui sozinha.',
                );
                onClose();
              },
              () => undefined,
            );
        }}
      >
        <Text size="sm">
          O banco do aluno mostra o pedido no app dele. Aprovado, os próximos meses são debitados
          sozinhos; o primeiro continua na cobrança do QR Code.
        </Text>
        <Select
          label="Banco do aluno"
          placeholder="Selecione o banco"
          data={[
            ...BANKS_BY_ISPB.map(({ ispb: value, nome }) => ({ value, label: nome })),
            { value: OTHER_BANK, label: 'Outro banco (informe o ISPB)' },
          ]}
          value={bank}
          onChange={setBank}
          searchable
          required
        />
        {bank === OTHER_BANK && (
          <TextInput
            label="ISPB do banco"
            description="8 letras ou dígitos; o banco informa"
            {...field('ispb')}
            maxLength={8}
            required
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Agência"
            description="Opcional, sem o dígito"
            inputMode="numeric"
            {...field('agencia')}
            maxLength={6}
          />
          <TextInput
            label="Conta"
            description="Com o dígito"
            {...field('conta')}
            maxLength={24}
            required
          />
        </SimpleGrid>
        {request.error && <Alert color="red">{errorMessage(request.error)}</Alert>}
        <FormActions
          onCancel={onClose}
          cancelLabel="Voltar"
          submitLabel="Enviar pedido"
          pending={request.isPending}
          disabled={!chosenIspb || !conta.trim()}
          gap="md"
        />
      </Stack>
    </Modal>
  );
}

const BADGE_COLORS: Record<PixAutomaticoStatus, string> = {
  aguardando: 'yellow',
  autorizada: 'teal',
  recusada: 'gray',
  cancelada: 'gray',
  nao_criada: 'red',
};

/** Pix Automático: the QR the student scans in their bank app, then whether they authorised it. */
function PixAutomatico({ subscription }: { subscription: Subscription }) {
  const [asking, setAsking] = useState(false);
  const pix = subscription.pixAutomatico;
  if (!pix) return null;
  const authorised = pix.status === 'autorizada';
  return (
    <Stack gap="xs" mt="sm" aria-label="Pix Automático">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Pix Automático
        </Text>
        <Badge color={BADGE_COLORS[pix.status]} variant="light">
          {PIX_AUTOMATICO_STATUS_LABELS[pix.status]}
        </Badge>
      </Group>
      {authorised && (
        <Text size="sm" c="dimmed">
          Cada mês é debitado sozinho no banco do aluno, no dia do vencimento.
        </Text>
      )}
      {pix.status === 'recusada' && (
        <Text size="sm" c="dimmed">
          O aluno recusou a autorização: cada ciclo vira uma cobrança para pagar.
        </Text>
      )}
      {pix.status === 'nao_criada' && (
        <Text size="sm" c="dimmed">
          {pixAutomaticoNotMadeText(pix.motivo)}
        </Text>
      )}
      {pix.status === 'aguardando' && pix.pixCopiaECola && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            Autorizar Pix Automático
          </Title>
          <Text size="sm">
            Peça ao aluno para escanear este QR Code no app do banco: ele paga o primeiro mês e
            autoriza os próximos débitos automáticos.
          </Text>
          <PixQrCode code={pix.pixCopiaECola} alt="QR Code do Pix Automático" size={200} />
          <Textarea
            label="Pix Copia e Cola"
            value={pix.pixCopiaECola}
            readOnly
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          {pix.pedidoAoBanco ? (
            <Alert color="teal" title="Pedido enviado ao banco do aluno">
              Enviado em {formatDateTimeInZone(pix.pedidoAoBanco.enviadoEm)}. O aluno aprova no app
              do banco até {formatDateTimeInZone(pix.pedidoAoBanco.expiraEm)}; a autorização aparece
              aqui sozinha.
            </Alert>
          ) : (
            <Group justify="space-between" align="center" gap="xs">
              <Text size="sm" c="dimmed">
                Sem o QR Code por perto?
              </Text>
              <Button variant="light" size="xs" onClick={() => setAsking(true)}>
                Pedir no banco do aluno
              </Button>
            </Group>
          )}
          <BankRequestDialog
            subscription={subscription}
            opened={asking}
            onClose={() => setAsking(false)}
          />
        </Stack>
      )}
    </Stack>
  );
}

function SubscribeForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const plans = useQuery({
    ...plansQuery(),
    select: (answer) => itemsOf(answer).filter((plan) => plan.cobranca.tipo === 'mensal'),
  });
  const subscribe = useOperation(subscriptionsApi.subscribe);
  const [planId, setPlanId] = useState<string | null>(null);
  const { values, field } = useFormFields(() => ({
    inicio: zonedParts(new Date(), APP_TIME_ZONE).date,
    cpf: '',
  }));
  const { inicio, cpf } = values;
  if (plans.data && plans.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum plano com cobrança mensal.{' '}
        <Anchor component={Link} to={paths.plans}>
          Marque &apos;Cobrança mensal&apos; em um plano
        </Anchor>
        .
      </Text>
    );
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!planId) return;
        // Awaited, not mutate's callbacks: the new subscription may reach this screen by its live
        // update before the answer does, replacing this form, and the trainer must still be told.
        subscribe
          .mutateAsync({
            params: { id: student.id },
            body: { planId, inicio, ...(cpf.trim() ? { cpf } : {}) },
          })
          .then(
            (subscription) => {
              if (subscription.pixAutomatico?.status === 'nao_criada')
                notifyAttention(
                  'Assinatura criada sem Pix Automático',
                  pixAutomaticoNotMadeText(subscription.pixAutomatico.motivo),
                );
              else
                notifySuccess(
                  'Assinatura criada',
                  'Cada ciclo vira uma cobrança antes do vencimento.',
                );
              onDone();
            },
            (error: unknown) => notifyError('Erro ao assinar plano', error),
          );
      }}
    >
      <Select
        label="Plano mensal"
        placeholder="Selecione um plano"
        data={(plans.data ?? []).map((plan) => ({
          value: plan.id,
          label: `${plan.nome} · ${formatCurrency(plan.valor)} todo dia ${plan.cobranca.diaVencimento}`,
        }))}
        value={planId}
        onChange={setPlanId}
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Início"
          description="O 1º vencimento é o dia do plano a partir daqui"
          {...field('inicio')}
          required
        />
        <TextInput
          label="CPF do pagador"
          description="Opcional; para a cobrança com vencimento e o Pix Automático no PSP"
          inputMode="numeric"
          {...field('cpf')}
          maxLength={14}
        />
      </SimpleGrid>
      <FormActions
        onCancel={onDone}
        cancelLabel="Voltar"
        submitLabel="Assinar"
        pending={subscribe.isPending}
        disabled={!planId}
        gap="md"
      />
    </Stack>
  );
}

function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const cancel = useOperation(subscriptionsApi.cancel);
  return (
    <ConfirmDialog
      opened={subscription !== null}
      onClose={onClose}
      title="Cancelar assinatura"
      backLabel="Voltar"
      confirmLabel="Cancelar assinatura"
      onConfirm={() =>
        subscription &&
        cancel.mutate(
          { params: { id: subscription.id } },
          {
            onSuccess: () => {
              notifySuccess('Assinatura cancelada', 'Vale a partir do próximo ciclo.');
              onClose();
            },
          },
        )
      }
      pending={cancel.isPending}
    >
      <Text size="sm">
        O ciclo já vencido continua cobrado; os próximos ciclos não serão cobrados (uma cobrança do
        próximo ciclo já emitida é cancelada).
      </Text>
      {cancel.error && <Alert color="red">{errorMessage(cancel.error)}</Alert>}
    </ConfirmDialog>
  );
}

/** 'Cobrança mensal': the student's subscription to a monthly plan, started or cancelled here. */
export function StudentSubscription({ student }: { student: Student }) {
  const subscriptions = useQuery({
    ...subscriptionsQuery({ studentId: student.id }),
    select: itemsOf,
    // Waiting for the student's bank: the authorisation shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.items[0]?.pixAutomatico?.status === 'aguardando'
        ? AUTHORISATION_REFETCH_MS
        : false,
  });
  const [subscribing, setSubscribing] = useState(false);
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [pausing, setPausing] = useState<Subscription | null>(null);
  const resume = useOperation(subscriptionsApi.resume);
  const retryCycle = useOperation(subscriptionsApi.retryCycle);
  const current = subscriptions.data?.[0];
  const active = current?.status === 'ativa' || current?.status === 'pausada' ? current : undefined;
  return (
    <Card aria-labelledby="student-subscription-title" component="section">
      <Title order={2} fz="lg" mb="xs" id="student-subscription-title">
        Cobrança mensal
      </Title>
      {active ? (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Text fw={500}>
                {active.planNome} · {formatCurrency(active.valor)} todo dia {active.diaVencimento}
              </Text>
              {active.status === 'pausada' ? (
                <Text size="sm" fw={500}>
                  {active.pausadaAte ? `Pausada até ${monthOf(active.pausadaAte)}` : 'Pausada'}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {active.proximoVencimento
                    ? `Próximo vencimento: ${day(active.proximoVencimento)}`
                    : 'Assinatura ativa'}
                </Text>
              )}
            </div>
            <Group gap="xs">
              {active.status === 'pausada' ? (
                <Button
                  variant="light"
                  size="xs"
                  loading={resume.isPending}
                  onClick={() =>
                    resume.mutate(
                      { params: { id: active.id } },
                      {
                        onSuccess: () =>
                          notifySuccess(
                            'Assinatura retomada',
                            'Os próximos ciclos voltam a ser cobrados.',
                          ),
                        onError: (error) => notifyError('Erro ao retomar', error),
                      },
                    )
                  }
                >
                  Retomar
                </Button>
              ) : (
                <Button variant="light" size="xs" onClick={() => setPausing(active)}>
                  Pausar
                </Button>
              )}
              <Button variant="light" color="red" size="xs" onClick={() => setCancelling(active)}>
                Cancelar assinatura
              </Button>
            </Group>
          </Group>
          <PixAutomatico subscription={active} />
        </>
      ) : subscribing ? (
        <SubscribeForm student={student} onDone={() => setSubscribing(false)} />
      ) : !student.ativo ? (
        <Text size="sm" c="dimmed">
          Aluno inativo: reative-o para assinar um plano mensal.
        </Text>
      ) : (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Text size="sm" c="dimmed">
            {current
              ? `Assinatura cancelada${current.ultimoVencimento ? `; último vencimento ${day(current.ultimoVencimento)}` : ''}.`
              : 'Cobre um plano mensal todo mês, sem precisar lembrar.'}
          </Text>
          <Button size="xs" onClick={() => setSubscribing(true)}>
            Assinar plano mensal
          </Button>
        </Group>
      )}
      {current && (
        <Stack mt="sm">
          <CycleRefusals
            subscription={current}
            onRetry={(id) => retryCycle.mutateAsync({ params: { id } })}
          />
        </Stack>
      )}
      <CancelDialog subscription={cancelling} onClose={() => setCancelling(null)} />
      <PauseDialog subscription={pausing} onClose={() => setPausing(null)} />
    </Card>
  );
}
