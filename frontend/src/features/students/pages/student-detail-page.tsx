import { formatPhone } from '@contracts/br-documents';
import type { Student } from '@contracts/students';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import IconCalendarEvent from '@tabler/icons-react/dist/esm/icons/IconCalendarEvent.mjs';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPhone from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CreditBadge, isLowBalance } from '../../../components/credit-badge';
import { CreditHistoryList } from '../../../components/credit-history';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { useDownloadHistoryCsv } from '../api/download-history-csv';
import { usePlans } from '../api/get-plans';
import { useStudent } from '../api/get-student';
import { useStudentHistory } from '../api/get-student-history';
import { InviteLinkDialog } from '../components/invite-link-dialog';
import { LOW_BALANCE_WARNING } from '../components/student-card';
import { StudentNotFound } from '../components/student-not-found';
import { useInviteLink } from '../hooks/use-invite-link';
import { useRenewPlan } from '../hooks/use-renew-plan';
import { isRenewable } from '../lib/renewal';
import { COUNTRY_CODE } from '../lib/whatsapp';

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
  const plans = usePlans({ withArchived: true });
  const plan = student.planoId ? plans.data?.find((candidate) => candidate.id === student.planoId) : undefined;
  const renewable = isRenewable(plan) ? plan : undefined;
  const { renew, renewingIds } = useRenewPlan();
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
          {student.planoId ? (plan ? `${plan.nome} (${plan.creditos} créditos)` : plans.isPending ? '…' : 'Sem plano') : 'Sem plano'}
        </Text>
        <Stack gap="xs">
          {student.whatsapp && (
            <ContactLine icon={<IconBrandWhatsapp size={16} />} label="WhatsApp">
              <Anchor href={`https://wa.me/${COUNTRY_CODE}${student.whatsapp}`} target="_blank" rel="noopener noreferrer">
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
              onClick={() => renew({ student, plan: renewable })}
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
    </Card>
  );
}

function UpcomingSessions() {
  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        Próximas sessões
      </Title>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <IconCalendarEvent size={20} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          As sessões deste aluno vão aparecer aqui quando a agenda estiver disponível no Vira.
        </Text>
      </Group>
    </Card>
  );
}

function History({ student }: { student: Student }) {
  const history = useStudentHistory(student.id);
  const download = useDownloadHistoryCsv();

  return (
    <Card>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} fz="lg">
          Histórico de créditos
        </Title>
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
      </Group>
      {history.isPending ? (
        <PageLoader />
      ) : history.isError ? (
        <Alert color="red" title="Erro ao carregar histórico">
          {errorMessage(history.error)}
        </Alert>
      ) : (
        <CreditHistoryList items={history.data} emptyText="Nenhuma movimentação de créditos ainda." />
      )}
    </Card>
  );
}

/** /alunos/{id}: the student's balance, plan, contact, actions, sessions and credit history (live). */
export function StudentDetailPage() {
  const { id = '' } = useParams();
  const student = useStudent(id);

  return (
    <>
      <PageHeader title={student.data?.nome ?? 'Aluno'} backTo={paths.students} />
      {student.data ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Summary student={student.data} />
            <UpcomingSessions />
          </SimpleGrid>
          <History student={student.data} />
        </Stack>
      ) : student.isError ? (
        isApiError(student.error, 'not_found') ? (
          <StudentNotFound />
        ) : (
          <Alert color="red" title="Erro ao carregar aluno">
            {errorMessage(student.error)}
          </Alert>
        )
      ) : (
        <PageLoader />
      )}
    </>
  );
}
