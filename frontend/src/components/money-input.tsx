import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { tidyReaisInput } from '../lib/money-input';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  /** The text as typed ('1.234,56'); read it with lib/money-input `parseReais`. */
  value: string;
  onChange: (value: string) => void;
}

/** An amount in reais typed the Brazilian way: digits, dots and one comma; tidied when left. */
export function MoneyInput({ value, onChange, onBlur, ...props }: MoneyInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      {...props}
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          R$
        </Text>
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d.,-]/g, ''))}
      onBlur={(event) => {
        onChange(tidyReaisInput(value));
        onBlur?.(event);
      }}
    />
  );
}
