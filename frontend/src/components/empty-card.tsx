import { Card, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list with nothing in it yet: what is missing, why it matters, and the way to add the first one. */
export function EmptyCard({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Card>
      <EmptyState py="lg" variant="light" icon={icon} title={title} description={description}>
        <EmptyState.Actions>{action}</EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
