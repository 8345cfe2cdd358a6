import { QueryClient } from '@tanstack/react-query';
import { createSessionStore } from '../lib/session-store';
import { clearCacheWhenSessionEnds } from './session-cache';

describe('query cache and session', () => {
  it('drops every cached query when the session ends, and keeps them while it lasts', () => {
    const session = createSessionStore('http://127.0.0.1:9/api');
    const queryClient = new QueryClient();
    const stop = clearCacheWhenSessionEnds(queryClient, session);

    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    queryClient.setQueryData(['me'], { nome: 'Ana' });
    queryClient.setQueryData(['students'], { items: [] });
    session.setState({ accessToken: 'token-2' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);

    session.getState().clear();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    stop();
  });
});
