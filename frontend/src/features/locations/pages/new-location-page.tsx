import { NewItemPage } from '../../../components/new-item-page';
import { paths } from '../../../config/paths';
import { useCreateLocation } from '../api/location-mutations';
import { LocationFields } from '../components/location-fields';
import { emptyLocationForm, validateLocationForm } from '../lib/location-form';

export function NewLocationPage() {
  return (
    <NewItemPage
      title="Novo Local"
      listPath={paths.locations}
      empty={emptyLocationForm}
      check={validateLocationForm}
      fields={(form) => <LocationFields {...form} />}
      create={useCreateLocation()}
      created="Local criado"
      failed="Erro ao criar local"
      submitLabel="Cadastrar Local"
    />
  );
}
