import { Tabs } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { UnderConstruction } from '../../../components/under-construction';

export function AuthPage() {
  return (
    <>
      <PageHeader title="Entrar" />
      <Tabs defaultValue="login">
        <Tabs.List>
          <Tabs.Tab value="login">Entrar</Tabs.Tab>
          <Tabs.Tab value="register">Cadastrar</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <UnderConstruction />
    </>
  );
}
