import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { isApiError, type ApiError } from '../lib/api-error';
import { notifyError, notifyOutcome, notifySuccess } from '../lib/notify';

/** What a removal fails with: 409 has_links while something still refers to the item, or no answer. */
type RemovalError = ApiError<'has_links'> | Error;

/** A mutation as the dialog runs it: the entities layer's hooks give these. */
interface Step {
  run: (callbacks: { onSuccess: () => void; onError: (error: RemovalError) => void }) => void;
  pending: boolean;
  /** The toast once done, and the title of the error toast. */
  done: string;
  failed: string;
}

type Instead = (Step & { label: string; hint: string }) | null;

/**
 * 'Remover' with its confirmation; when the API refuses because something still uses the item
 * (409 has_links), says why and offers the step that keeps its history instead (inactivate, archive).
 * Each opening on an item starts afresh.
 */
export function RemoveDialog<Item extends { id: string }>({
  title,
  item,
  opened,
  onClose,
  question,
  remove,
  instead,
}: {
  title: string;
  item: Item | null;
  opened: boolean;
  onClose: () => void;
  question: (item: Item) => ReactNode;
  remove: (item: Item) => Step;
  /** The step offered when the item is in use, with its button and why; null when it no longer applies. */
  instead: (item: Item) => Instead;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {item && (
        <RemoveDialogBody
          key={item.id}
          question={question(item)}
          remove={remove(item)}
          instead={instead(item)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RemoveDialogBody({
  question,
  remove,
  instead,
  onClose,
}: {
  question: ReactNode;
  remove: Step;
  instead: Instead;
  onClose: () => void;
}) {
  /** The API's answer when the item is in use (409 has_links). */
  const [conflict, setConflict] = useState<string | null>(null);
  const confirm = () =>
    remove.run({
      onSuccess: () => {
        notifySuccess(remove.done);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 'has_links')) setConflict(error.message);
        else notifyError(remove.failed, error);
      },
    });
  const takeInstead = () =>
    instead?.run(notifyOutcome(instead.done, instead.failed, onClose));
  return (
    <Stack gap="lg">
      <Text size="sm">{question}</Text>
      {conflict && (
        <Alert color="yellow" variant="light" title="Não foi possível remover" role="alert">
          <Stack gap={6}>
            <Text size="sm">{conflict}</Text>
            {instead && <Text size="sm">{instead.hint}</Text>}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        {conflict ? (
          instead && (
            <Button onClick={takeInstead} loading={instead.pending} data-autofocus>
              {instead.label}
            </Button>
          )
        ) : (
          <Button color="red" onClick={confirm} loading={remove.pending}>
            Remover
          </Button>
        )}
      </Group>
    </Stack>
  );
}
