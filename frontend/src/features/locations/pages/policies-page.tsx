import type { Location } from '@contracts/locations/api';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import IconClockExclamation from '@tabler/icons-react/dist/esm/icons/IconClockExclamation.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ItemCard } from '../../../components/item-card';
import { EmptyCard } from '../../../components/empty-card';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { locationsQuery } from '../../../entities/locations';
import { itemsOf } from '../../../lib/contract-query';
import { LocationStatusBadge } from '../components/location-card';
import { PolicySummary } from '../components/policy-summary';
import { editPolicyPath } from '../lib/policy-paths';
import { latenessText } from '../lib/policy-text';

function PolicyCard({ location }: { location: Location }) {
  return (
    <ItemCard title={location.nome} badge={!location.ativo && <LocationStatusBadge ativo={false} />} gap="md">
      <PolicySummary policy={location} />
      <Group mt="auto">
        <Button
          component={Link}
          to={editPolicyPath(location.id)}
          size="xs"
          variant="light"
          leftSection={<IconPencil size={16} />}
        >
          Editar política
        </Button>
      </Group>
    </ItemCard>
  );
}

/** Spec 001 §2: the cancellation policy of each location, read-only, with what it means and an edit button. */
export function PoliciesPage() {
  const locations = useQuery({ ...locationsQuery(), select: itemsOf });

  return (
    <>
      <PageHeader
        title="Políticas de Cancelamento"
        description="As regras de cancelamento de cada local"
        backTo={paths.settings}
      />
      <Loaded query={locations} errorTitle="Erro ao carregar políticas">
        {(items) =>
          items.length === 0 ? (
            <EmptyCard
              icon={<IconMapPin size={28} />}
              title="Nenhum local cadastrado"
              description="A política de cancelamento é definida por local. Cadastre um local para definir a política dele."
              action={
                <Button component={Link} to={paths.locations}>
                  Ir para Locais
                </Button>
              }
            />
          ) : (
            <Stack gap="lg">
              <Alert variant="light" color="blue" icon={<IconClockExclamation size={20} />} title="Atrasos">
                <Text size="sm">{latenessText}</Text>
              </Alert>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {items.map((location) => (
                  <PolicyCard key={location.id} location={location} />
                ))}
              </SimpleGrid>
            </Stack>
          )
        }
      </Loaded>
    </>
  );
}
