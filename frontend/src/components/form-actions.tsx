import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FormActionsProps {
  /** The way back: a button calling `onCancel`, or a link to `cancelTo`; none without either. */
  onCancel?: () => void;
  cancelTo?: string;
  cancelLabel?: string;
  /** The action; it submits the form it stands in unless `onSubmit` is given. */
  submitLabel: ReactNode;
  onSubmit?: () => void;
  pending?: boolean;
  disabled?: boolean;
  color?: string;
  gap?: MantineSpacing;
  mt?: MantineSpacing;
}

/** The end of a form or dialog: 'Cancelar' and the action, at the right. */
export function FormActions({
  onCancel,
  cancelTo,
  cancelLabel = 'Cancelar',
  submitLabel,
  onSubmit,
  pending,
  disabled,
  color,
  gap = 'sm',
  mt,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" gap={gap} mt={mt}>
      {cancelTo ? (
        <Button variant="default" component={Link} to={cancelTo}>
          {cancelLabel}
        </Button>
      ) : (
        onCancel && (
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )
      )}
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        color={color}
        loading={pending}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}
