/** Runs a bench as a script (npm run bench:…): `run` prints its figures; a failure prints why and exits 1. */
export function runAsScript(run: () => Promise<unknown>): void {
  run().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
