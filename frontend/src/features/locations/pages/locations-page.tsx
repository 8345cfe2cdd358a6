import type { Location } from '@contracts/locations/api';
import { SimpleGrid } from '@mantine/core';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import { useQuery } from '@tanstack/react-query';
import { AddLink } from '../../../components/add-link';
import { EmptyCard } from '../../../components/empty-card';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { locationsQuery } from '../../../entities/locations';
import { itemsOf } from '../../../lib/contract-query';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { EditLocationDialog } from '../components/edit-location-dialog';
import { LocationCard } from '../components/location-card';
import { RemoveLocationDialog } from '../components/remove-location-dialog';
import { locationsCountLabel } from '../lib/location-form';

export function LocationsPage() {
  const locations = useQuery({ ...locationsQuery(), select: itemsOf });
  const editing = useDialogTarget<Location>();
  const removing = useDialogTarget<Location>();

  return (
    <>
      <PageHeader
        title="Locais"
        description={locations.data ? locationsCountLabel(locations.data.length) : undefined}
        backTo={paths.settings}
        action={
          <AddLink to={paths.newLocation}>Novo Local</AddLink>
        }
      />
      <Loaded query={locations} errorTitle="Erro ao carregar locais">
        {(items) =>
          items.length === 0 ? (
            <EmptyCard
              icon={<IconMapPin size={28} />}
              title="Nenhum local cadastrado"
              description="Cadastre os lugares onde você atende: academias, estúdios, parques ou a casa do aluno."
              action={
                <AddLink to={paths.newLocation}>Cadastrar local</AddLink>
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {items.map((location) => (
                <LocationCard key={location.id} location={location} onEdit={editing.open} onRemove={removing.open} />
              ))}
            </SimpleGrid>
          )
        }
      </Loaded>
      <EditLocationDialog location={editing.target} opened={editing.opened} onClose={editing.close} />
      <RemoveLocationDialog location={removing.target} opened={removing.opened} onClose={removing.close} />
    </>
  );
}
