import type { Location } from '@contracts/locations/api';
import { Alert, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import IconClockExclamation from '@tabler/icons-react/dist/esm/icons/IconClockExclamation.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { locationsQuery } from '../../../entities/locations';
import { itemsOf } from '../../../lib/contract-query';
import { LocationStatusBadge } from '../components/location-card';
import { PolicySummary } from '../components/policy-summary';
import { editPolicyPath } from '../lib/policy-paths';
import { latenessText } from '../lib/policy-text';

function PolicyCard({ location }: { location: Location }) {
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} h="100%">
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {location.nome}
          </Title>
          {!location.ativo && <LocationStatusBadge ativo={false} />}
        </Group>
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
      </Stack>
    </Card>
  );
}

function NoLocations() {
  return (
    <Card>
      <EmptyState
        py="lg"
        variant="light"
        icon={<IconMapPin size={28} />}
        title="Nenhum local cadastrado"
        description="A política de cancelamento é definida por local. Cadastre um local para definir a política dele."
      >
        <EmptyState.Actions>
          <Button component={Link} to={paths.locations}>
            Ir para Locais
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
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
      {locations.isPending ? (
        <PageLoader />
      ) : locations.isError ? (
        <LoadError title="Erro ao carregar políticas" error={locations.error} onRetry={() => void locations.refetch()} />
      ) : locations.data.length === 0 ? (
        <NoLocations />
      ) : (
        <Stack gap="lg">
          <Alert variant="light" color="blue" icon={<IconClockExclamation size={20} />} title="Atrasos">
            <Text size="sm">{latenessText}</Text>
          </Alert>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {locations.data.map((location) => (
              <PolicyCard key={location.id} location={location} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
