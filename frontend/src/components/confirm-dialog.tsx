import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from './form-actions';

/** A question before an action: what it does, a way back, and the action (in red unless told). */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  backLabel = 'Cancelar',
  confirmLabel,
  confirmColor = 'red',
  onConfirm,
  pending,
  disabled,
  size,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does; kept while the dialog animates out. */
  children: ReactNode;
  backLabel?: string;
  confirmLabel: string;
  confirmColor?: string;
  onConfirm: () => void;
  pending: boolean;
  /** The action stays off (until what it asks for is given). */
  disabled?: boolean;
  size?: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <Stack gap="md">
        {children}
        <FormActions
          onCancel={onClose}
          cancelLabel={backLabel}
          submitLabel={confirmLabel}
          onSubmit={onConfirm}
          pending={pending}
          disabled={disabled}
          color={confirmColor}
        />
      </Stack>
    </Modal>
  );
}
