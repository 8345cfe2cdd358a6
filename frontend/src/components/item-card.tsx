import { ActionIcon, Card, Group, type MantineSpacing, Stack, Title } from '@mantine/core';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { type ReactNode, useId } from 'react';

/**
 * One item of a list shown as a card (a plan, a location): an article named by its title, with a
 * badge beside the title (its state) and what the item's card says below.
 */
export function ItemCard({
  title,
  badge,
  gap = 'sm',
  opacity,
  children,
}: {
  title: string;
  badge?: ReactNode;
  gap?: MantineSpacing;
  opacity?: number;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} h="100%" opacity={opacity}>
      <Stack gap={gap} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The foot of an item's card: its actions, then 'Remover' at the far right. */
export function ItemCardActions({ children, onRemove }: { children: ReactNode; onRemove: () => void }) {
  return (
    <Group gap="xs" mt="auto" pt="xs" wrap="nowrap">
      {children}
      <ActionIcon variant="subtle" color="red" ml="auto" aria-label="Remover" title="Remover" onClick={onRemove}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
