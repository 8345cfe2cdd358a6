import { Button, CopyButton, Modal, Stack, Text, TextInput } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';

/** When the browser would not copy on its own: the link, selectable, and a button to try again. */
export function InviteLinkDialog({ link, onClose }: { link: { nome: string; url: string } | null; onClose: () => void }) {
  return (
    <Modal opened={link !== null} onClose={onClose} title="Link de convite" centered>
      {link && (
        <Stack gap="md">
          <Text size="sm">
            Envie este link para <strong>{link.nome}</strong> criar a conta:
          </Text>
          <TextInput value={link.url} readOnly aria-label="Link de convite" onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Link copiado!' : 'Copiar Link'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      )}
    </Modal>
  );
}
