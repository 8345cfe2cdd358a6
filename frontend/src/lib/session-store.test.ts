import { NEW_TRAINER_ANA } from '../test/fixtures';
import { startLoopbackServer, type RecordedRequest } from '../test/loopback-server';
import { accessTokenExpiry, accessTokenRole, createSessionStore, hasSessionMarker, SESSION_MARKER_COOKIE } from './session-store';

function jwtExpiringIn(ms: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: (Date.now() + ms) / 1000 })}.signature`;
}

type Reply = { status: number; body?: unknown };
let server: Awaited<ReturnType<typeof startLoopbackServer>>;

async function storeWith(routes: Record<string, (request: RecordedRequest) => Reply>) {
  server = await startLoopbackServer((request) => {
    const route = routes[`${request.method} ${request.path}`];
    return route ? route(request) : { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } };
  });
  return createSessionStore(server.baseUrl);
}

afterEach(async () => {
  await server.close();
  document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`;
});

/** What the API sets next to its httpOnly refresh cookie. */
const markSession = () => {
  document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
};

const refreshOk = (token: string) => () => ({ status: 200, body: { accessToken: token, user: NEW_TRAINER_ANA } });

describe('session store', () => {
  it('loads: refresh from the cookie; the profile is left to the query cache (lib/me)', async () => {
    const store = await storeWith({ 'POST /api/auth/refresh': refreshOk('token-1') });
    expect(store.getState().status).toBe('loading');

    markSession();
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'token-1' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/refresh']);
    expect(store.getState()).not.toHaveProperty('profile');
  });

  it('hands the profile each refresh answers with to whoever listens, before the session is signed in', async () => {
    const store = await storeWith({ 'POST /api/auth/refresh': refreshOk('token-1') });
    const heard: Array<{ profile: unknown; status: string }> = [];
    const stop = store.getState().onProfile((profile) => heard.push({ profile, status: store.getState().status }));

    markSession();
    await store.getState().load();
    expect(heard).toEqual([{ profile: NEW_TRAINER_ANA, status: 'loading' }]);

    stop();
    await store.getState().refresh();
    expect(heard).toHaveLength(1);
  });

  it('is signed out when there is no session to refresh', async () => {
    const store = await storeWith({ 'POST /api/auth/refresh': () => ({ status: 401 }) });
    markSession();
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
  });

  it('does not call /auth/refresh on a page load without the session marker cookie', async () => {
    const store = await storeWith({ 'POST /api/auth/refresh': refreshOk('token-1') });
    document.cookie = 'sidebar_state=true; path=/';
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(server.requests).toEqual([]);
  });

  it('asks nothing to renew a session that has ended: a late 401 after the sign-out stays signed out', async () => {
    const store = await storeWith({ 'POST /api/auth/refresh': refreshOk('token-2') });
    store.getState().signIn(jwtExpiringIn(600_000));
    store.getState().clear();
    await expect(store.getState().refresh()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(server.requests).toEqual([]);
  });

  it('asks nothing to renew a session being signed out: a 401 that arrives before the sign-out ends', async () => {
    const store = await storeWith({
      'POST /api/auth/logout': () => ({ status: 204 }),
      'POST /api/auth/refresh': refreshOk('token-2'),
    });
    store.getState().signIn(jwtExpiringIn(600_000));

    const signingOut = store.getState().signOut();
    await expect(store.getState().refresh()).resolves.toBeNull();
    await signingOut;
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/logout']);
  });

  it('renews the session again once a sign-out the server refused has failed', async () => {
    const store = await storeWith({
      'POST /api/auth/logout': () => ({ status: 500, body: { statusCode: 500, code: 'internal', message: 'Erro' } }),
      'POST /api/auth/refresh': refreshOk('token-2'),
    });
    store.getState().signIn(jwtExpiringIn(600_000));

    await expect(store.getState().signOut()).rejects.toMatchObject({ statusCode: 500 });
    await expect(store.getState().refresh()).resolves.toBe('token-2');
    store.getState().clear();
  });

  it('finds the marker among the other cookies, by name', () => {
    expect(hasSessionMarker('sidebar_state=false; vira_session=1')).toBe(true);
    expect(hasSessionMarker('vira_session=1')).toBe(true);
    expect(hasSessionMarker('not_vira_session=1; vira_sessionx=1')).toBe(false);
    expect(hasSessionMarker('')).toBe(false);
  });

  it('refreshes silently a minute before the access token expires', async () => {
    let refreshes = 0;
    const store = await storeWith({
      'POST /api/auth/refresh': () => {
        refreshes += 1;
        return { status: 200, body: { accessToken: `token-${refreshes}`, user: NEW_TRAINER_ANA } };
      },
    });
    const firstToken = jwtExpiringIn(60_000 + 150);
    // The server counting the request is not the page holding the answer: wait for the store's own change.
    const renewed = new Promise<string | null>((resolve) => {
      const unsubscribe = store.subscribe((state) => {
        if (state.accessToken === firstToken) return;
        unsubscribe();
        resolve(state.accessToken);
      });
    });
    store.getState().signIn(firstToken);
    expect(refreshes).toBe(0);

    await expect(renewed).resolves.toBe('token-1');
    expect(refreshes).toBe(1);
    store.getState().clear();
  });

  it.each([401, 403, 404])('signOut clears the local session even when the server answers %i', async (status) => {
    const store = await storeWith({ 'POST /api/auth/logout': () => ({ status }) });
    store.setState({ status: 'signed-in', accessToken: 'token-1' });

    await store.getState().signOut();
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(server.requests[0].headers.authorization).toBe('Bearer token-1');
  });

  it('signOut fails and keeps the session when the server errors', async () => {
    const store = await storeWith({
      'POST /api/auth/logout': () => ({ status: 500, body: { statusCode: 500, code: 'internal', message: 'Erro' } }),
    });
    store.setState({ status: 'signed-in', accessToken: 'token-1' });

    await expect(store.getState().signOut()).rejects.toMatchObject({ statusCode: 500 });
    expect(store.getState().status).toBe('signed-in');
  });

  it('goes offline, not signed out, when the server cannot be reached, and signs in when the network is back', async () => {
    let reachable = false;
    const store = await storeWith({
      'POST /api/auth/refresh': () => (reachable ? refreshOk('token-1')() : { status: 503 }),
    });
    markSession();
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'offline', accessToken: null });

    reachable = true;
    window.dispatchEvent(new Event('online'));
    for (let waited = 0; store.getState().status !== 'signed-in' && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'token-1' });
  });

  it('an offline session whose server then says it has ended is signed out', async () => {
    let reachable = false;
    const store = await storeWith({
      'POST /api/auth/refresh': () => (reachable ? { status: 401 } : { status: 502 }),
    });
    markSession();
    await store.getState().load();
    expect(store.getState().status).toBe('offline');

    reachable = true;
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'signed-out', accessToken: null });
  });

  it('reads the expiry of an access token, and nothing from garbage', () => {
    const token = jwtExpiringIn(900_000);
    expect(accessTokenExpiry(token)).toBeGreaterThan(Date.now() + 899_000);
    expect(accessTokenExpiry('not-a-jwt')).toBeNull();
  });

  it("reads the role a token opens pages for, and none from garbage or an unknown role", () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = (claims: object) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
    expect(accessTokenRole(token({ sub: 'u1', role: 'personal' }))).toBe('personal');
    expect(accessTokenRole(token({ sub: 'u1', role: 'aluno' }))).toBe('aluno');
    expect(accessTokenRole(token({ sub: 'u1', role: 'admin' }))).toBeNull();
    expect(accessTokenRole('not-a-jwt')).toBeNull();
  });
});
