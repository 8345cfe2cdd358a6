import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import IconArrowLeft from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Where the back button leads; no back button when absent. */
  backTo?: string;
  action?: ReactNode;
}

export function PageHeader({ title, description, backTo, action }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="center" wrap="nowrap" gap="md" mb="lg">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {backTo && (
          <ActionIcon component={Link} to={backTo} variant="subtle" color="gray" size="lg" aria-label="Voltar">
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
      </Group>
      {action}
    </Group>
  );
}
