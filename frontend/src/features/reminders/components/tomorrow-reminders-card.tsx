import type { TomorrowReminder } from '@contracts/reminders/api';
import { DEFAULT_TIME_ZONE, zonedParts } from '@contracts/shared/time';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { tomorrowRemindersQuery } from '../../../entities/reminders';

function ReminderRow({ reminder }: { reminder: TomorrowReminder }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="tomorrow-reminder">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {zonedParts(new Date(reminder.inicio), DEFAULT_TIME_ZONE).time} · {reminder.studentNome}
        </Text>
        <Group gap={6}>
          {reminder.locationNome && (
            <Text size="xs" c="dimmed" truncate>
              {reminder.locationNome}
            </Text>
          )}
          {reminder.emailEnviado && (
            <Badge size="xs" variant="light" color="teal">
              E-mail enviado
            </Badge>
          )}
        </Group>
      </div>
      {reminder.whatsappUrl && (
        <Button
          component="a"
          href={reminder.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          aria-label={`Lembrar ${reminder.studentNome} no WhatsApp`}
        >
          Lembrar
        </Button>
      )}
    </Group>
  );
}

/** 'Lembretes de amanhã' on the dashboard: one tap per student to send the reminder on WhatsApp. */
export function TomorrowRemindersCard() {
  const reminders = useQuery(tomorrowRemindersQuery());
  if (reminders.isPending || reminders.isError) return null;
  const { items } = reminders.data;
  return (
    <Card withBorder mt="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="md">
            Lembretes de amanhã
          </Title>
          <Button component={Link} to={paths.reminderSettings} variant="subtle" size="compact-sm">
            Configurar
          </Button>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma sessão agendada para amanhã.
          </Text>
        ) : (
          items.map((reminder) => <ReminderRow key={reminder.sessionId} reminder={reminder} />)
        )}
      </Stack>
    </Card>
  );
}
