import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A question before an action not taken back: what it does, a way back, and the action in red. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  backLabel = 'Cancelar',
  confirmLabel,
  onConfirm,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does; kept while the dialog animates out. */
  children: ReactNode;
  backLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {backLabel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
