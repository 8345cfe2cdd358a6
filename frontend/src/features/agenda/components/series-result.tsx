import type { SeriesBooked } from '@contracts/scheduling/api';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTimeInZone } from '../../../lib/format';
import { AGENDA_TIME_ZONE } from '../lib/calendar';

/** A titled list of dates, named by its title. */
function Dates({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={id}>
        {title}
      </Text>
      <List size="sm" aria-labelledby={id} spacing={2}>
        {children}
      </List>
    </Stack>
  );
}

/** What a weekly booking did: the dates booked and those refused, each with its reason. */
export function SeriesResult({ result, onClose }: { result: SeriesBooked; onClose: () => void }) {
  const when = (inicio: string) => formatDateTimeInZone(inicio, AGENDA_TIME_ZONE);
  return (
    <Stack gap="md">
      <Alert color={result.created.length > 0 ? 'teal' : 'red'} variant="light" title="Repetição semanal">
        {result.created.length === 1
          ? '1 agendamento criado'
          : `${result.created.length} agendamentos criados`}
        {result.refused.length > 0 &&
          (result.refused.length === 1 ? ', 1 data recusada' : `, ${result.refused.length} datas recusadas`)}
      </Alert>
      {result.created.length > 0 && (
        <Dates id="series-created" title="Criados">
          {result.created.map((item) => (
            <List.Item key={item.id}>{when(item.inicio)}</List.Item>
          ))}
        </Dates>
      )}
      {result.refused.length > 0 && (
        <Dates id="series-refused" title="Recusados">
          {result.refused.map((item) => (
            <List.Item key={item.inicio}>
              {when(item.inicio)} — <Text span c="red" size="sm">{item.message}</Text>
            </List.Item>
          ))}
        </Dates>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Concluir</Button>
      </Group>
    </Stack>
  );
}
