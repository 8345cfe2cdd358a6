import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A ConfirmDialog for what cannot be undone (closing an account, erasing a student's data): it says what
 * happens, then the action stays off until the person types the confirmation it asks for. What was
 * typed is forgotten when the dialog closes.
 */
export function TypedConfirmationDialog({
  opened,
  onClose,
  title,
  children,
  label,
  description,
  confirms,
  submitLabel,
  pending,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does and keeps, said before it is confirmed. */
  children: ReactNode;
  label: string;
  description?: string;
  confirms: (typed: string) => boolean;
  submitLabel: string;
  pending: boolean;
  onConfirm: (typed: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const dismiss = () => {
    setTyped('');
    onClose();
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={dismiss}
      title={title}
      size="lg"
      confirmLabel={submitLabel}
      onConfirm={() => onConfirm(typed)}
      pending={pending}
      disabled={!confirms(typed)}
    >
      {children}
      <TextInput
        label={label}
        description={description}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
    </ConfirmDialog>
  );
}
