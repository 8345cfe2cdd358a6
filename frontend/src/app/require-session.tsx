import type { Role } from '@contracts/identity/api';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { useMe } from '../entities/me';
import { useSavedCache } from '../lib/network';
import { accessTokenRole, useSession } from '../lib/session-store';

/** A whole-screen card saying why the pages do not show. */
function FullScreenNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Card maw={420} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} fz="xl">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

function AccessDenied() {
  return (
    <FullScreenNotice title="Acesso Negado">
      <Text c="dimmed">Esta área é exclusiva para alunos.</Text>
      <Button component={Link} to={paths.dashboard}>
        Ir para o início
      </Button>
    </FullScreenNotice>
  );
}

/** An offline session with nothing saved on this device: nothing to show until the network is back. */
function OfflineWithoutData() {
  return (
    <FullScreenNotice title="Você está offline">
      <Text c="dimmed">Conecte-se à internet para abrir o Vira. Ele continua assim que a conexão voltar.</Text>
    </FullScreenNotice>
  );
}

/**
 * Spec 000 §2: 'Carregando...' while the session loads, then /auth without a user or profile.
 * Trainer pages send a student to the student area; the student area refuses anyone else.
 */
export function RequireSession({ role }: { role: Role }) {
  const status = useSession((state) => state.status);
  const tokenRole = useSession((state) => (state.accessToken ? accessTokenRole(state.accessToken) : null));
  const { data: me } = useMe();
  const restored = useSavedCache((state) => state.restored);
  const signedOutByUser = useSession((state) => state.signedOutByUser);
  const location = useLocation();

  if (status === 'signed-out') {
    // After Sair the next sign-in starts at home, whichever of this redirect and Sair's own lands last.
    const from = signedOutByUser ? undefined : location.pathname + location.search;
    return <Navigate to={paths.auth} replace state={from ? { from } : null} />;
  }
  // Offline, the pages show what was saved on this device at the last sync.
  if (status === 'offline' && !me) return restored ? <OfflineWithoutData /> : <PageLoader fullScreen />;
  // Signed in, the token says whose pages these are: they start their reads beside the profile's
  // (a profile that cannot be read ends the session: useMe).
  const signedInAs = me?.role ?? (status === 'signed-in' ? tokenRole : null);
  if (status === 'loading' || !signedInAs) return <PageLoader fullScreen />;
  if (signedInAs !== role) {
    return role === 'personal' ? <Navigate to={paths.studentArea} replace /> : <AccessDenied />;
  }
  return <Outlet />;
}
