import type { OpenSlot } from '@contracts/scheduling/api';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { slotDays } from '@contracts/scheduling/slot-days';

export interface SlotPickerProps {
  slots: readonly OpenSlot[];
  selected: string | null;
  onSelect: (slot: OpenSlot) => void;
}

/** The open slots by day (São Paulo), each a button with its start time. */
export function SlotPicker({ slots, selected, onSelect }: SlotPickerProps) {
  if (slots.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        Nenhum horário livre nos próximos dias. Fale com o personal pelo WhatsApp.
      </Text>
    );
  return (
    <Stack gap="md">
      {slotDays(slots).map((day) => (
        <div key={day.date} role="group" aria-label={day.label}>
          <Text fw={600} size="sm" mb={6}>
            {day.label}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
            {day.slots.map((slot) => (
              <Button
                key={slot.inicio}
                variant={selected === slot.inicio ? 'filled' : 'default'}
                aria-pressed={selected === slot.inicio}
                aria-label={`${day.label}, ${slot.time}`}
                onClick={() => onSelect(slot)}
              >
                {slot.time}
              </Button>
            ))}
          </SimpleGrid>
        </div>
      ))}
    </Stack>
  );
}
