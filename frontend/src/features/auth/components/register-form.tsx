import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cpfDigits } from '@contracts/shared/br-documents';
import { MAX_AGE_YEARS, identityApi } from '@contracts/identity/api';
import { useState } from 'react';
import { EmailInput, NewPasswordInput } from '../../../components/account-inputs';
import { isApiError } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { validateSignup, type SignupForm } from '../api/signup';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

const emptyForm: SignupForm = {
  nome: '',
  cpf: '',
  dataNascimento: '',
  telefone: '',
  email: '',
  password: '',
};

/** The date picker's bounds: the contract refuses today and later, and MAX_AGE_YEARS or more ago. */
function birthDateBounds(today = new Date()): { min: string; max: string } {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
  const todayIso = iso(today);
  return {
    min: `${Number(todayIso.slice(0, 4)) - MAX_AGE_YEARS}${todayIso.slice(4)}`,
    max: iso(yesterday),
  };
}

/** `onRegistered`: the account was created with this e-mail. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { change: setValues, submitWith, field } = useFormFields<SignupForm>(emptyForm);
  const [birthDate] = useState(birthDateBounds);
  const signup = useOperation(identityApi.signUp);
  const login = useLogin();

  const submit = submitWith(validateSignup, (body) =>
    signup.mutate(
      { body },
      {
        onSuccess: ({ emailConfirmation: { sent, required } }) => {
          // Spec 000 §8: one toast, and the fields clear. It says what this start really did: a
          // confirmation e-mail is mentioned only when one went out.
          setValues(emptyForm);
          if (!required) {
            notifications.show({
              color: 'teal',
              title: 'Conta criada com sucesso!',
              message: sent
                ? `Você já pode usar o Vira. Enviamos também um e-mail (${body.email}) para confirmar o endereço.`
                : 'Você já pode usar o Vira.',
            });
            // Straight on: signed in with what was just typed (the session leaves /auth).
            login.mutate(
              { email: body.email, password: body.password },
              { onError: () => onRegistered(body.email) },
            );
            return;
          }
          notifications.show(
            sent
              ? {
                  color: 'teal',
                  title: 'Conta criada com sucesso!',
                  message: `Verifique seu e-mail (${body.email}) para confirmar o cadastro.`,
                }
              : {
                  color: 'orange',
                  title: 'Conta criada, mas sem e-mail de confirmação',
                  message:
                    'Não foi possível enviar o e-mail de confirmação agora. Fale com o suporte para confirmar seu cadastro.',
                },
          );
          onRegistered(body.email);
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            message: isApiError(error, 'user_already_registered')
              ? 'Usuário já cadastrado. Faça login.'
              : 'Erro ao criar conta. Tente novamente.',
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome"
          autoComplete="name"
          placeholder="Seu nome completo"
          {...field('nome')}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="CPF"
            inputMode="numeric"
            placeholder="Somente números"
            {...field('cpf', cpfDigits)}
            required
          />
          <TextInput
            label="Data de nascimento"
            type="date"
            min={birthDate.min}
            max={birthDate.max}
            {...field('dataNascimento')}
            required
          />
        </SimpleGrid>
        <PhoneInput label="Celular" {...field('telefone')} required />
        <EmailInput {...field('email')} required />
        <NewPasswordInput {...field('password')} required />
        <Button type="submit" size="md" loading={signup.isPending || login.isPending} fullWidth>
          Criar conta
        </Button>
      </Stack>
    </form>
  );
}
