import type { TomorrowReminder, TomorrowReminders } from '@contracts/reminders/api';
import type { Session } from '@contracts/scheduling/api';
import { reminderStateLabel } from '@contracts/scheduling/labels';
import { DEFAULT_TIME_ZONE, zonedParts } from '@contracts/shared/time';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { tomorrowRemindersQuery } from '../../../entities/reminders';
import { weekSessionsQuery } from '../../../entities/sessions';

/**
 * What went to the student: the reminder's state as the agenda says it (WhatsApp and its status,
 * 'Falhou — enviado por e-mail', 'Confirmado pelo aluno'), else 'E-mail enviado' when it was
 * e-mailed.
 */
function reminderBadge(
  reminder: TomorrowReminder,
  session: Session | undefined,
): { label: string; failed: boolean } | null {
  const label = session && reminderStateLabel(session);
  if (label)
    return { label, failed: session.lembrete?.estado === 'falhou' && !session.confirmadoPeloAluno };
  return reminder.emailEnviado ? { label: 'E-mail enviado', failed: false } : null;
}

function ReminderRow({
  reminder,
  session,
}: {
  reminder: TomorrowReminder;
  session: Session | undefined;
}) {
  const badge = reminderBadge(reminder, session);
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
          {badge && (
            <Badge size="xs" variant="light" color={badge.failed ? 'red' : 'teal'}>
              {badge.label}
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

/**
 * Tomorrow's reminders with how each went. Their states come with the agenda's week of `dia`
 * (already read for offline, so no extra request); until it is there, only 'E-mail enviado' shows.
 */
function ReminderList({ dia, items }: TomorrowReminders) {
  const sessions = useQuery({
    ...weekSessionsQuery(dia),
    select: (answer) => new Map(answer.items.map((session) => [session.id, session])),
  });
  return items.map((reminder) => (
    <ReminderRow
      key={reminder.sessionId}
      reminder={reminder}
      session={sessions.data?.get(reminder.sessionId)}
    />
  ));
}

/**
 * 'Lembretes de amanhã' on the dashboard: how each student's reminder went, and one tap per student
 * to send it on WhatsApp by hand.
 */
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
          <ReminderList {...reminders.data} />
        )}
      </Stack>
    </Card>
  );
}
