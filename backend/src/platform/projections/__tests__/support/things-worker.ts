/**
 * A worker process for the test-only `test-things` projection: the real worker machinery
 * (startWorkerProcess) with the projection of support/things.ts instead of the contexts'.
 *
 * Test-only: VIRA_TEST_HOLD_AFTER_BATCHES=n makes it commit n batches of the projection, then hold
 * the next one open (rows and checkpoint written, not committed) for a minute, so a test can kill
 * it in the middle of a batch by construction rather than by luck. It writes the file named by
 * VIRA_TEST_HOLDING_FILE when it starts holding: on a busy machine the test cannot tell a held
 * batch from one being written by watching the database.
 */
import { writeFileSync } from 'node:fs';
import { parseConfig } from '../../../../config/config';
import { processLogger } from '../../../http/logger';
import { startWorkerProcess } from '../../../queue/worker-process';
import { thingsProjection } from './things';

const HOLD_MS = 60_000;

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const holdAfter = process.env.VIRA_TEST_HOLD_AFTER_BATCHES;
  let committed = 0;
  const worker = await startWorkerProcess({
    config,
    logger: processLogger(config, 'worker'),
    projections: [thingsProjection],
    beforeCommit:
      holdAfter === undefined
        ? undefined
        : async () => {
            if (committed >= Number(holdAfter)) {
              const holdingFile = process.env.VIRA_TEST_HOLDING_FILE;
              if (holdingFile) writeFileSync(holdingFile, String(committed));
              await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
            }
            committed += 1;
          },
  });
  const stop = () => void worker.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
