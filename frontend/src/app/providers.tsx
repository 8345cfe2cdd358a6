import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import shellClasses from './shell/shell.module.css';
import { themeColorSchemeManager } from './theme/color-scheme-manager';
import { cssVariablesResolver, theme } from './theme/theme';

const colorSchemeManager = themeColorSchemeManager();

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  mantineEnv?: 'default' | 'test';
}

/** Mantine (theme, light/dark/system), toasts (spec 000 §9) and the query cache. */
export function Providers({ queryClient, children, mantineEnv = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={mantineEnv}
    >
      <Notifications
        position="bottom-right"
        autoClose={4000}
        limit={3}
        containerWidth={356}
        classNames={{ root: shellClasses.toasts }}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
