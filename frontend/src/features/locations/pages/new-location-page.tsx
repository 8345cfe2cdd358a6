import { NewItemPage } from '../../../components/new-item-page';
import { paths } from '../../../config/paths';
import { LocationFields } from '../components/location-fields';
import { emptyLocationForm, validateLocationForm } from '../lib/location-form';
import { useOperation } from '../../../entities/operation';
import { locationsApi } from '@contracts/locations/api';

export function NewLocationPage() {
  return (
    <NewItemPage
      title="Novo Local"
      listPath={paths.locations}
      empty={emptyLocationForm}
      check={validateLocationForm}
      fields={(form) => <LocationFields {...form} />}
      create={useOperation(locationsApi.create)}
      created="Local criado"
      failed="Erro ao criar local"
      submitLabel="Cadastrar Local"
    />
  );
}
