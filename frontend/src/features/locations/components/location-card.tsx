import type { Location } from '@contracts/locations/api';
import { Badge, Button, Group, Text } from '@mantine/core';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { ItemCard, ItemCardActions } from '../../../components/item-card';
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
  return (
    <ItemCard title={location.nome} badge={<LocationStatusBadge ativo={location.ativo} />}>
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
      <ItemCardActions onRemove={() => onRemove(location)}>
        <Button size="xs" variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(location)}>
          Editar
        </Button>
      </ItemCardActions>
    </ItemCard>
  );
}
