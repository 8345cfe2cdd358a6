import { QueryClient } from '@tanstack/react-query';
import { createSessionStore } from '../lib/session-store';
import { clearCacheWhenSessionEnds } from './session-cache';

describe('query cache and session', () => {
  it('drops every cached query when the session ends, and keeps them while it lasts', () => {
    const session = createSessionStore('http://127.0.0.1:9/api');
    const queryClient = new QueryClient();
    const forgetSaved = jest.fn(() => Promise.resolve());
    const stop = clearCacheWhenSessionEnds(queryClient, session, forgetSaved);

    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    queryClient.setQueryData(['me'], { nome: 'Ana' });
    queryClient.setQueryData(['students'], { items: [] });
    session.setState({ accessToken: 'token-2' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);

    expect(forgetSaved).not.toHaveBeenCalled();

    session.getState().clear();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(forgetSaved).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the data of a session that is only offline', () => {
    const session = createSessionStore('http://127.0.0.1:9/api');
    const queryClient = new QueryClient();
    const forgetSaved = jest.fn(() => Promise.resolve());
    const stop = clearCacheWhenSessionEnds(queryClient, session, forgetSaved);

    session.setState({ status: 'signed-in', accessToken: 'token-1' });
    queryClient.setQueryData(['students'], { items: [] });
    session.setState({ status: 'offline', accessToken: null });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    expect(forgetSaved).not.toHaveBeenCalled();

    // The server ended it once reachable again.
    session.getState().clear();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(forgetSaved).toHaveBeenCalledTimes(1);
    stop();
  });
});
