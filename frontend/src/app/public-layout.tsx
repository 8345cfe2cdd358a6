import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Brand } from './shell/brand';

/**
 * Pages for visitors and invited students: brand on top, no trainer navigation. The brand is the
 * banner and the page its `main`, so a screen reader's landmarks hold all of it.
 */
export function PublicLayout() {
  return (
    <Box mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Container size="sm" py="lg">
        <Box component="header" mb="xl">
          <Brand compact={false} />
        </Box>
        <main>
          <Outlet />
        </main>
      </Container>
    </Box>
  );
}
