import { Grid, TextInput } from '@mantine/core';
import { ufLetters } from '../lib/cep';
import { type FieldsProps, textField } from '../../../lib/use-form-fields';
import type { LocationFormValues } from '../lib/location-form';
import { withCepAddress } from '../lib/location-form';
import { CepField } from './cep-field';

/** `onChange` takes an update, so an address found after a lookup lands on the latest values. */
export type LocationFieldsProps = FieldsProps<LocationFormValues>;

/** Name, then the address: CEP (looked up), street, number, complement, neighbourhood, city, UF. */
export function LocationFields(form: LocationFieldsProps) {
  const text = (field: keyof LocationFormValues, clean?: (typed: string) => string) => textField(form, field, clean);

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TextInput
          label="Nome do local"
          placeholder="Ex.: Academia Centro"
          autoComplete="off"
          maxLength={120}
          required
          {...text('nome')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <CepField {...text('cep')} onFound={(address) => form.onChange((current) => withCepAddress(current, address))} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Logradouro" placeholder="Rua, avenida..." autoComplete="address-line1" maxLength={200} {...text('logradouro')} />
      </Grid.Col>
      <Grid.Col span={{ base: 5, xs: 4 }}>
        <TextInput label="Número" placeholder="Ex.: 100" maxLength={20} {...text('numero')} />
      </Grid.Col>
      <Grid.Col span={{ base: 7, xs: 8 }}>
        <TextInput label="Complemento" placeholder="Ex.: Sala 2" autoComplete="address-line2" maxLength={100} {...text('complemento')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Bairro" maxLength={100} {...text('bairro')} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, xs: 9 }}>
        <TextInput label="Cidade" autoComplete="address-level2" maxLength={100} {...text('cidade')} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, xs: 3 }}>
        <TextInput
          label="UF"
          placeholder="SP"
          autoComplete="address-level1"
          maxLength={2}
          {...text('uf', ufLetters)}
        />
      </Grid.Col>
    </Grid>
  );
}
