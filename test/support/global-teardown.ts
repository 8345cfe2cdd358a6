export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as { __viraTestRun?: { teardown: () => Promise<void> } }).__viraTestRun;
  await run?.teardown();
}
