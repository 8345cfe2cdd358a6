import { useQuery } from '@tanstack/react-query';
import { formatPhone, whatsappUrl } from '@contracts/shared/br-documents';
import { SESSION_STATUS_LABELS, type Session, type SessionStatus, sessionLocationLabel } from '@contracts/scheduling/api';
import { zonedParts } from '@contracts/shared/time';
import type { Student } from '@contracts/students/api';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPhone from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ERASURE_KEEPS } from '@contracts/students/api';
import { PERSONAL_DATA_REMOVED } from '@contracts/shared/personal-data';
import { CreditBadge, isLowBalance } from '../../../components/credit-badge';
import { CreditHistoryCard } from '../../../components/credit-history';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import {  } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { APP_TIME_ZONE, formatDateTimeInZone } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { AUTOMATIC_DEBIT_LABEL, chargeStatusLabel, LATE_CANCEL_FEE_LABEL } from '@contracts/charges/api';
import { chargesQuery } from '../../../entities/charges';
import { formatCurrency, formatDate } from '../../../lib/format';
import { plansQuery } from '../../../entities/plans';
import { subscriptionsQuery } from '../../../entities/subscriptions';
import { studentSessionsQuery } from '../../../entities/sessions';
import { studentHistoryQuery } from '../../../entities/students';
import { itemsOf } from '../../../lib/contract-query';
import { useDownloadHistoryCsv } from '../api/student-mutations';
import { InviteLinkDialog } from '../components/invite-link-dialog';
import { RefundCreditsPrompt } from '../components/refund-credits-prompt';
import { LOW_BALANCE_WARNING } from '../components/student-card';
import { StudentLoaded } from '../components/student-loaded';
import { StudentChannels } from '../components/student-channels';
import { StudentPersonalData } from '../components/student-personal-data';
import { StudentSubscription } from '../components/student-subscription';
import { useInviteLink } from '../hooks/use-invite-link';
import { useRenewPlan } from '../hooks/use-renew-plan';
import { useStudent } from '../hooks/use-student';
import { isRenewable } from '../lib/renewal';
import { COUNTRY_CODE } from '../lib/whatsapp';
import { creditsLabel } from '../../../components/credit-badge';

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ThemeIcon variant="light" color="gray" size="md" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.2}>
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

function Summary({ student }: { student: Student }) {
  const plans = useQuery({ ...plansQuery({ withArchived: true }), select: itemsOf });
  // A monthly plan is the student's through their subscription, not their planoId.
  const subscription = useQuery({
    ...subscriptionsQuery({ studentId: student.id }),
    // Paused, it is still their plan.
    select: (answer) => answer.items.find((item) => item.status !== 'cancelada'),
  });
  const planId = student.planoId ?? subscription.data?.planId;
  const plan = planId ? plans.data?.find((candidate) => candidate.id === planId) : undefined;
  const renewable = isRenewable(plan) ? plan : undefined;
  const { ask: askRenewal, renewingIds, dialog: renewDialog } = useRenewPlan();
  const { invite, invitingIds, manualLink, closeManualLink } = useInviteLink();
  const hasContact = student.whatsapp || student.telefone || student.email;

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <div>
            <Text size="xs" c="dimmed">
              Saldo
            </Text>
            <CreditBadge creditos={student.creditos} size="xl" mt={4} />
          </div>
          {!student.ativo && (
            <Badge variant="outline" color="gray" tt="none">
              Inativo
            </Badge>
          )}
        </Group>
        {isLowBalance(student.creditos) && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
            {LOW_BALANCE_WARNING}
          </Alert>
        )}
        <Text size="sm">
          <Text component="span" c="dimmed" size="sm">
            Plano:
          </Text>{' '}
          {plan
            ? `${plan.nome} (${creditsLabel(plan.creditos)})`
            : planId
              ? plans.isPending
                ? '…'
                : (subscription.data?.planNome ?? 'Sem plano')
              : subscription.isPending
                ? '…'
                : 'Sem plano'}
        </Text>
        <Stack gap="xs">
          {student.whatsapp && (
            <ContactLine icon={<IconBrandWhatsapp size={16} />} label="WhatsApp">
              <Anchor href={whatsappUrl(student.whatsapp)} target="_blank" rel="noopener noreferrer">
                {formatPhone(student.whatsapp)}
              </Anchor>
            </ContactLine>
          )}
          {student.telefone && student.telefone !== student.whatsapp && (
            <ContactLine icon={<IconPhone size={16} />} label="Telefone">
              <Anchor href={`tel:+${COUNTRY_CODE}${student.telefone}`}>{formatPhone(student.telefone)}</Anchor>
            </ContactLine>
          )}
          {student.email && (
            <ContactLine icon={<IconMail size={16} />} label="E-mail">
              <Anchor href={`mailto:${student.email}`}>{student.email}</Anchor>
            </ContactLine>
          )}
          {!hasContact && (
            <Text size="sm" c="dimmed">
              Sem contato
            </Text>
          )}
        </Stack>
        {student.observacoes && (
          <div>
            <Text size="xs" c="dimmed">
              Observações
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {student.observacoes}
            </Text>
          </div>
        )}
        <Group gap="sm">
          {renewable && (
            <Button
              leftSection={<IconRefresh size={16} />}
              loading={renewingIds.includes(student.id)}
              onClick={() => askRenewal({ student, plan: renewable })}
            >
              Renovar
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            component={Link}
            to={paths.editStudent(student.id)}
            state={{ from: paths.student(student.id) }}
          >
            Editar
          </Button>
          <Button
            variant="light"
            leftSection={<IconLink size={16} />}
            loading={invitingIds.includes(student.id)}
            onClick={() => invite(student)}
          >
            Gerar Link de Convite
          </Button>
        </Group>
      </Stack>
      <InviteLinkDialog link={manualLink} onClose={closeManualLink} />
      {renewDialog}
    </Card>
  );
}

const STATUS_COLORS: Record<SessionStatus, string> = { agendada: 'blue', feita: 'green', cancelada: 'red' };

function SessionRow({ session }: { session: Session }) {
  const day = zonedParts(new Date(session.inicio), APP_TIME_ZONE).date;
  return (
    <UnstyledButton
      component={Link}
      to={`${paths.agenda}?modo=dia&data=${day}`}
      py={6}
      style={{ display: 'block' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {formatDateTimeInZone(session.inicio)}–{formatDateTimeInZone(session.fim).slice(11)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {sessionLocationLabel(session)}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          {!session.confirmado && session.status === 'agendada' && (
            <Badge variant="outline" color="orange" tt="none">
              A confirmar
            </Badge>
          )}
          <Badge variant="light" color={STATUS_COLORS[session.status]} tt="none">
            {SESSION_STATUS_LABELS[session.status]}
          </Badge>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

function SessionList({ title, sessions, empty }: { title: string; sessions: Session[]; empty: string }) {
  return (
    <section aria-label={title}>
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      {sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={0}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The student's sessions from now on and before (latest first), each leading to its day in the agenda. */
function StudentSessions({ student }: { student: Student }) {
  const sessions = useQuery(studentSessionsQuery(student.id));
  return (
    <Card>
      <Loaded query={sessions} errorTitle="Erro ao carregar sessões" failure="alert">
        {(data) => (
          <Stack gap="lg">
            <SessionList title="Próximas sessões" sessions={data.proximas} empty="Nenhuma sessão agendada" />
            <SessionList title="Sessões anteriores" sessions={data.anteriores} empty="Nenhuma sessão anterior" />
          </Stack>
        )}
      </Loaded>
    </Card>
  );
}

function History({ student }: { student: Student }) {
  const history = useQuery({ ...studentHistoryQuery(student.id), select: itemsOf });
  const download = useDownloadHistoryCsv();

  return (
    <CreditHistoryCard
      history={history}
      action={
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(student.id, { onError: (error) => notifyError('Erro ao exportar histórico', error) })
          }
        >
          Exportar CSV
        </Button>
      }
    />
  );
}

const CHARGE_COLORS = { pendente: 'yellow', em_atraso: 'red', paga: 'teal', cancelada: 'gray', devolvida: 'orange' } as const;

/** Payments the PSP gave back whose credits the trainer has yet to decide on: asked first, on top. */
function RefundPrompts({ student }: { student: Student }) {
  const charges = useQuery({ ...chargesQuery({ studentId: student.id }), select: itemsOf });
  const refunded = charges.data?.filter((charge) => charge.creditosPendentes > 0) ?? [];
  if (refunded.length === 0) return null;
  return (
    <Stack gap="xs">
      {refunded.map((charge) => (
        <RefundCreditsPrompt key={charge.id} charge={charge} saldo={student.creditos} />
      ))}
    </Stack>
  );
}

/** The student's charges, a late-cancel fee among them, with their status (live). */
function Charges({ student }: { student: Student }) {
  const charges = useQuery({ ...chargesQuery({ studentId: student.id }), select: itemsOf });
  if (!charges.data || charges.data.length === 0) return null;
  return (
    <Card>
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} fz="lg">
          Cobranças
        </Title>
        <Anchor component={Link} to={paths.charges} size="sm">
          Ver todas
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {charges.data.slice(0, 10).map((charge) => (
          <Group key={charge.id} component="li" justify="space-between" wrap="nowrap" data-testid="student-charge">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {charge.origem === 'taxa'
                  ? LATE_CANCEL_FEE_LABEL
                  : charge.origem === 'assinatura' && charge.vencimento
                    ? `${charge.planNome} · mensalidade ${charge.vencimento.slice(5, 7)}/${charge.vencimento.slice(0, 4)}`
                    : charge.planNome}
              </Text>
              <Text size="xs" c="dimmed">
                {charge.status === 'em_atraso'
                  ? `Em atraso há ${charge.diasEmAtraso} ${charge.diasEmAtraso === 1 ? 'dia' : 'dias'}`
                  : charge.motivo
                    ? `Dispensada: ${charge.motivo}`
                    : `Criada em ${formatDate(charge.createdAt)}`}
              </Text>
              {charge.pagamento === 'pix-automatico' && (charge.status === 'pendente' || charge.status === 'em_atraso') && (
                <Badge color="indigo" variant="light" size="sm">
                  {AUTOMATIC_DEBIT_LABEL}
                </Badge>
              )}
            </div>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600}>
                {formatCurrency(charge.valor)}
              </Text>
              <Badge color={CHARGE_COLORS[charge.status]} variant="light">
                {chargeStatusLabel(charge)}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** After the erasure: who they were is gone; what the law keeps is said. */
function Erased() {
  return (
    <Card>
      <Stack gap="sm">
        <Text fw={600}>Os dados pessoais deste aluno foram excluídos.</Text>
        <Text size="sm">{ERASURE_KEEPS}</Text>
        <Anchor component={Link} to={paths.students} size="sm">
          Voltar para Alunos
        </Anchor>
      </Stack>
    </Card>
  );
}

/** /alunos/{id}: the student's balance, plan, contact, actions, sessions and credit history (live). */
export function StudentDetailPage() {
  const { id = '' } = useParams();
  const student = useStudent(id);
  // Set by the erasure: the student then answers 404, and the page says who is gone.
  const [erasedId, setErasedId] = useState<string | null>(null);

  if (erasedId === id)
    return (
      <>
        <PageHeader title={PERSONAL_DATA_REMOVED} backTo={paths.students} />
        <Erased />
      </>
    );

  return (
    <>
      <PageHeader title={student.data?.nome ?? 'Aluno'} backTo={paths.students} />
      <StudentLoaded read={student}>
        {(current) => (
          <Stack gap="md">
            <RefundPrompts student={current} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Summary student={current} />
              <StudentSessions student={current} />
            </SimpleGrid>
            <StudentSubscription student={current} />
            <StudentChannels student={current} />
            <Charges student={current} />
            <History student={current} />
            <StudentPersonalData student={current} onErased={() => setErasedId(id)} />
          </Stack>
        )}
      </StudentLoaded>
    </>
  );
}
