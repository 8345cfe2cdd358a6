import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session-store';
import { NEW_TRAINER_ANA } from '../../test/fixtures';
import { stubApi, type ApiStub } from '../../test/fetch-stub';
import { meQuery, useMe } from '.';

function renderUseMe() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useMe(), { wrapper }) };
}

let api: ApiStub;

describe('useMe', () => {
  it('reads GET /api/me with the session token once signed in, into the me key', async () => {
    api = stubApi({ 'GET /api/me': () => ({ status: 200, body: NEW_TRAINER_ANA }) });
    act(() => useSession.setState({ status: 'loading', accessToken: null }));
    const { result, queryClient } = renderUseMe();
    expect(api.calls).toHaveLength(0);

    act(() => useSession.setState({ status: 'signed-in', accessToken: 'token-1' }));
    await waitFor(() => expect(result.current.data).toEqual(NEW_TRAINER_ANA));
    expect(api.calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer token-1']);
    expect(queryClient.getQueryData(meQuery().queryKey)).toEqual(NEW_TRAINER_ANA);
  });

  it('ends the session when the user has no profile, without retrying', async () => {
    api = stubApi({
      'GET /api/me': () => ({ status: 404, body: { statusCode: 404, code: 'not_found', message: 'Perfil não encontrado' } }),
    });
    act(() => useSession.setState({ status: 'signed-in', accessToken: 'token-1' }));
    renderUseMe();
    await waitFor(() => expect(useSession.getState().status).toBe('signed-out'));
    expect(api.calls).toHaveLength(1);
  });

  it('retries server and network failures (spec 000 §9: 3 times), never a client error', () => {
    const retry = meQuery().retry as (failures: number, error: Error) => boolean;
    expect(retry(0, new ApiError(503, 'http_error', 'x'))).toBe(true);
    expect(retry(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(3, new ApiError(503, 'http_error', 'x'))).toBe(false);
    expect(retry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(retry(0, new ApiError(403, 'forbidden', 'x'))).toBe(false);
  });
});
