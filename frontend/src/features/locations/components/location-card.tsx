import type { Location } from '@contracts/locations/api';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useId } from 'react';
import { formatCep } from '../lib/cep';

export function LocationStatusBadge({ ativo }: { ativo: boolean }) {
  return (
    <Badge color={ativo ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

export interface LocationCardProps {
  location: Location;
  onEdit: (location: Location) => void;
  onRemove: (location: Location) => void;
}

/** A location: name, active or not, address and CEP. */
export function LocationCard({ location, onEdit, onRemove }: LocationCardProps) {
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {location.nome}
          </Title>
          <LocationStatusBadge ativo={location.ativo} />
        </Group>
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 2, opacity: 0.6 }} aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c={location.endereco ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {location.endereco ?? 'Sem endereço cadastrado'}
            </Text>
            {location.cep && (
              <Text size="xs" c="dimmed">
                CEP {formatCep(location.cep)}
              </Text>
            )}
          </div>
        </Group>
        <Group gap="xs" mt="auto" pt="xs" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(location)}>
            Editar
          </Button>
          <ActionIcon
            variant="subtle"
            color="red"
            ml="auto"
            aria-label="Remover"
            title="Remover"
            onClick={() => onRemove(location)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Card>
  );
}
