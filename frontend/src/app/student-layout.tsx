import { Box, Button, Container, Group } from '@mantine/core';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useRealtimeInvalidation } from '../lib/realtime';
import { useWorkingOffline } from '../lib/use-working-offline';
import { useSignOut } from '../lib/use-sign-out';
import { Brand } from './shell/brand';

/** Which of the student's queries each realtime change makes stale: fetched with the socket client. */
const loadInvalidationMap = () => import('../entities/changes').then((module) => module.invalidatedForStudent);

const OfflineBanner = lazy(() => import('../components/offline-banner').then((module) => ({ default: module.OfflineBanner })));

/** The student's area: brand and 'Sair' on top (its banner), no trainer navigation; the page is its `main`. */
export function StudentLayout() {
  const signOut = useSignOut();
  const offline = useWorkingOffline();
  useRealtimeInvalidation(loadInvalidationMap);

  return (
    <Box mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Container size="md" py="lg">
        <Group component="header" justify="space-between" mb="xl">
          <Brand compact={false} />
          <Button variant="subtle" color="gray" leftSection={<IconLogout size={18} />} onClick={() => void signOut()}>
            Sair
          </Button>
        </Group>
        <main>
          {offline && (
            <Suspense fallback={null}>
              <OfflineBanner />
            </Suspense>
          )}
          <Outlet />
        </main>
      </Container>
    </Box>
  );
}
