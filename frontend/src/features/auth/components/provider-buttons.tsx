import { Button, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import IconBrandApple from '@tabler/icons-react/dist/esm/icons/IconBrandApple.mjs';
import IconBrandGoogle from '@tabler/icons-react/dist/esm/icons/IconBrandGoogle.mjs';
import { useState } from 'react';
import { checkProvider, providerNames, providerUrl, type IdentityProvider } from '../api/provider-sign-in';

export function notConfiguredMessage(provider: IdentityProvider): string {
  return `Login com ${providerNames[provider]} não está configurado. Use e-mail e senha.`;
}

export function ProviderButtons() {
  const [pending, setPending] = useState<IdentityProvider | null>(null);

  const start = async (provider: IdentityProvider) => {
    setPending(provider);
    const result = await checkProvider(provider);
    if (result === 'available') {
      window.location.assign(providerUrl(provider));
      return;
    }
    setPending(null);
    notifications.show({
      color: 'red',
      message: result === 'not-enabled' ? notConfiguredMessage(provider) : 'Não foi possível fazer login. Tente novamente.',
    });
  };

  return (
    <SimpleGrid cols={2} spacing="sm">
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} />}
        loading={pending === 'google'}
        onClick={() => void start('google')}
      >
        Google
      </Button>
      <Button
        variant="default"
        leftSection={<IconBrandApple size={18} />}
        loading={pending === 'apple'}
        onClick={() => void start('apple')}
      >
        Apple
      </Button>
    </SimpleGrid>
  );
}
