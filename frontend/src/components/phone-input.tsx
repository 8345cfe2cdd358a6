import { formatPhone, PHONE_MAX_LENGTH } from '@contracts/shared/br-documents';
import { TextInput, type TextInputProps } from '@mantine/core';

export interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The number as shown, masked '(11) 98765-4321'; the API takes it as it is. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Every phone field of the SPA: typed or pasted in any usual way ('+55 (11) 98765-4321',
 * '11 98765 4321'), shown with the mask. Long enough to take a whole pasted number before masking it.
 */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(11) 99999-9999"
      {...props}
      maxLength={PHONE_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(formatPhone(event.currentTarget.value))}
    />
  );
}
