import { Grid, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { ufLetters } from '../lib/cep';
import type { LocationFormErrors, LocationFormValues } from '../lib/location-form';
import { withCepAddress } from '../lib/location-form';
import { CepField } from './cep-field';

export interface LocationFieldsProps {
  values: LocationFormValues;
  errors: LocationFormErrors;
  /** Takes an update, so an address found after a lookup lands on the latest values. */
  onChange: (update: (values: LocationFormValues) => LocationFormValues) => void;
}

/** Name, then the address: CEP (looked up), street, number, complement, neighbourhood, city, UF. */
export function LocationFields({ values, errors, onChange }: LocationFieldsProps) {
  const set = (field: keyof LocationFormValues) => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  const text = (field: Exclude<keyof LocationFormValues, 'cep' | 'uf'>) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
    error: errors[field],
  });

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
        <CepField
          value={values.cep}
          onChange={set('cep')}
          onFound={(address) => onChange((current) => withCepAddress(current, address))}
          error={errors.cep}
        />
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
          value={values.uf}
          onChange={(event) => set('uf')(ufLetters(event.currentTarget.value))}
          error={errors.uf}
        />
      </Grid.Col>
    </Grid>
  );
}
