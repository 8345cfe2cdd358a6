import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { inviteQuery } from '../../../entities/invites';
import { ACCOUNT_CREATED, INVALID_INVITE, InviteForm } from '../components/invite-form';

/** Spec 001 §4: an invalid invite, or a created account, goes to /auth after 2 seconds. */
export const REDIRECT_AFTER_MS = 2_000;

type Outcome = { kind: 'created'; email?: string } | { kind: 'invalid' } | null;

/** /convite/{token} (public): the student creates their account from the trainer's invite. */
export function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useQuery(inviteQuery(token));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const invalid = outcome?.kind === 'invalid' || isApiError(invite.error, 'convite_invalido');

  // The invite read says it is invalid: say so once, as the form would.
  const invalidOnRead = isApiError(invite.error, 'convite_invalido');
  const told = useRef(false);
  useEffect(() => {
    if (!invalidOnRead || told.current) return;
    told.current = true;
    notifications.show({ color: 'red', message: INVALID_INVITE });
  }, [invalidOnRead]);

  const finished = invalid || outcome?.kind === 'created';
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => void navigate(paths.auth, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [finished, navigate]);

  if (invalid) {
    return (
      <Card>
        <Stack align="center" gap="xs" py="lg" ta="center">
          <IconAlertTriangle size={36} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={1} fz="xl">
            {INVALID_INVITE}
          </Title>
          <Text size="sm" c="dimmed">
            Peça um novo convite ao seu personal. Levando você para o login...
          </Text>
        </Stack>
      </Card>
    );
  }

  if (invite.isPending) return <PageLoader />;

  if (invite.isError) {
    return (
      <Alert color="red" title="Erro ao carregar convite">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(invite.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void invite.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { student, trainer } = invite.data;

  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Criar sua conta
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <strong>{trainer.nome}</strong> convidou você, {student.nome}, para agendar seus treinos e acompanhar seus
            créditos no Vira.
          </Text>
        </div>
        {outcome?.kind === 'created' && (
          <Alert color="teal" icon={<IconCheck size={18} />} title={ACCOUNT_CREATED}>
            {outcome.email ? `Depois, entre com ${outcome.email} e a senha que você escolheu.` : null}
          </Alert>
        )}
        <InviteForm
          token={token}
          studentName={student.nome}
          onDone={(kind, email) => setOutcome(kind === 'created' ? { kind, email } : { kind })}
        />
      </Stack>
    </Card>
  );
}
