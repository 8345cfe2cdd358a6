export interface StubbedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Reply = { status: number; body?: unknown };

let stubbedFetch: jest.SpiedFunction<typeof fetch> | undefined;

// A stub lasts one test: fetch is the real one again after it.
afterEach(() => {
  stubbedFetch?.mockRestore();
  stubbedFetch = undefined;
});

export type ApiStub = ReturnType<typeof stubApi>;

/**
 * Answers the app's fetch calls from a small route table (the API's side of the conversation) and
 * records them, until the test ends (or `restore`). For component tests; the API client itself is
 * tested against a real loopback server.
 */
export function stubApi(routes: Record<string, (call: StubbedCall) => Reply | Promise<Reply>>) {
  const calls: StubbedCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: StubbedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = route ? await route(call) : { status: 404, body: { statusCode: 404, code: 'not_found', message: 'x' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  stubbedFetch = spy;
  return { calls, restore: () => spy.mockRestore() };
}
