import type { Location } from '@contracts/locations/api';
import { ActionIcon, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { useMe } from '../../../entities/me';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOperation } from '../../../entities/operation';
import { calendarApi } from '@contracts/scheduling/api';

function LinkRow({ label, url }: { label: string; url: string }) {
  const copy = async () => {
    if (await copyText(url)) notifySuccess('Link copiado!');
    else
      notifications.show({
        color: 'yellow',
        message: 'Não foi possível copiar: selecione o link e copie.',
      });
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {/* Broken anywhere: a location's link (two ids long) is read whole on a phone, never clipped. */}
        <Code
          block
          style={{ flex: 1, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}
        >
          {url}
        </Code>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={`Copiar ${label}`}
          title="Copiar"
          onClick={() => void copy()}
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

/** 'Links públicos': the booking links and the private calendar feed (iCal) to subscribe to elsewhere. */
export function PublicLinksDialog({
  opened,
  onClose,
  locations,
}: {
  opened: boolean;
  onClose: () => void;
  locations: readonly Location[];
}) {
  const { data: me } = useMe();
  const issue = useOperation(calendarApi.issue);
  const [feed, setFeed] = useState<string | null>(null);
  const origin = window.location.origin;

  const newFeed = () =>
    issue.mutate(
      {},
      {
        onSuccess: (answer) => {
          setFeed(answer.url);
          notifySuccess('Link criado!');
        },
        onError: (error) => notifyError('Erro ao criar link', error),
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Links públicos" centered size="lg">
      <Stack gap="lg">
        {me?.tenantSlug && (
          <Stack gap="sm">
            <LinkRow
              label="Link de agendamento"
              url={`${origin}${paths.publicBooking(me.tenantSlug)}`}
            />
            {locations
              .filter((location) => location.ativo)
              .map((location) => (
                <LinkRow
                  key={location.id}
                  label={`Agendamento em ${location.nome}`}
                  url={`${origin}${paths.publicBookingLocation(me.tenantSlug, location.id)}`}
                />
              ))}
            <LinkRow
              label="Agendamento pelo aluno"
              url={`${origin}${paths.studentScheduling(me.tenantSlug)}`}
            />
          </Stack>
        )}
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Calendário (iCal)
          </Text>
          <Text size="sm" c="dimmed">
            Assine no Google Agenda ou no calendário do celular para ver suas sessões. O endereço é
            secreto: quem o tiver vê sua agenda. Gerar um novo desativa o anterior.
          </Text>
          {feed && <LinkRow label="Link do calendário" url={feed} />}
          <Group>
            <Button
              variant={feed ? 'default' : 'filled'}
              onClick={newFeed}
              loading={issue.isPending}
            >
              {feed ? 'Gerar novo link' : 'Gerar link do calendário'}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Modal>
  );
}
