import { QueryClient } from '@tanstack/react-query';
import { createSessionStore } from '../lib/session-store';
import { meQuery } from '../entities/me';
import { fetchStartOf } from '../lib/fetch-starts';
import { NEW_TRAINER_ANA } from '../test/fixtures';
import { startLoopbackServer } from '../test/loopback-server';
import { clearCacheWhenSessionEnds, profileFromSession } from './session-cache';

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

describe('the profile of a page load', () => {
  it("is the session refresh's user, cached as GET /api/me's answer: the first screen does not ask for it", async () => {
    const server = await startLoopbackServer(() => ({
      status: 200,
      body: { accessToken: 'token-1', user: NEW_TRAINER_ANA },
    }));
    try {
      const session = createSessionStore(server.baseUrl);
      const queryClient = new QueryClient();
      const stop = profileFromSession(queryClient, session);
      await session.getState().refresh();
      expect(queryClient.getQueryData(meQuery().queryKey)).toEqual(NEW_TRAINER_ANA);
      // Read when the refresh was asked for: joining the socket does not read it again.
      const query = queryClient.getQueryCache().find({ queryKey: meQuery().queryKey, exact: true });
      expect(query && fetchStartOf(query)).toBeLessThanOrEqual(Date.now());
      expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/auth/refresh']);
      stop();
    } finally {
      await server.close();
    }
  });
});
