import type { CepAddress } from '@contracts/locations/api';
import { Loader, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { useCepLookup } from '../api/location-mutations';
import { cepDigits, formatCep, isCompleteCep } from '../lib/cep';

export interface CepFieldProps {
  /** Digits only. */
  value: string;
  onChange: (digits: string) => void;
  /** The address of the CEP, once found. */
  onFound: (address: CepAddress) => void;
  error?: string;
}

/**
 * Spec 001 §5 and §8: digits only, at most 8 (shown as 00000-000); on leaving the field with exactly
 * 8 digits the address is looked up: '✅ Endereço preenchido', 'CEP não encontrado' or 'Erro ao buscar CEP'.
 */
export function CepField({ value, onChange, onFound, error }: CepFieldProps) {
  const lookup = useCepLookup();
  /**
   * The CEP whose address is already in the form (a saved location's, when editing): leaving the
   * field again does not overwrite edits.
   */
  const filledFor = useRef<string | null>(value || null);

  const search = () => {
    if (!isCompleteCep(value) || value === filledFor.current) return;
    lookup.mutate(value, {
      onSuccess: (address) => {
        filledFor.current = value;
        onFound(address);
        notifySuccess('✅ Endereço preenchido');
      },
      onError: (failure) =>
        notifications.show({
          color: 'red',
          message: isApiError(failure, 'cep_not_found') ? 'CEP não encontrado' : 'Erro ao buscar CEP',
        }),
    });
  };

  return (
    <TextInput
      label="CEP"
      placeholder="00000-000"
      inputMode="numeric"
      autoComplete="postal-code"
      description="O endereço é preenchido a partir do CEP"
      value={formatCep(value)}
      onChange={(event) => onChange(cepDigits(event.currentTarget.value))}
      onBlur={search}
      error={error}
      rightSection={lookup.isPending ? <Loader size={16} aria-label="Buscando CEP" /> : null}
    />
  );
}
