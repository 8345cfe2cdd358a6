import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';

/** The account's e-mail, wherever one signs in, signs up or recovers a password. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="E-mail" type="email" autoComplete="email" placeholder="voce@exemplo.com" {...props} />;
}

/** A password being chosen (sign-up, invite, reset): the browser may suggest one. */
export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Senha" autoComplete="new-password" placeholder="Mínimo de 6 caracteres" {...props} />;
}
