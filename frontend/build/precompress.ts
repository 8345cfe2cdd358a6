import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, once, at build time: the API
 * serves them to browsers that accept them (@fastify/static `preCompressed`), so a phone on a mobile
 * network downloads the shell's JavaScript at a quarter to a third of its size, and the server
 * compresses nothing per request.
 */

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses the text files under `directory`; answers how many it wrote copies of. */
export async function precompressDirectory(directory: string): Promise<number> {
  const files = (await filesUnder(directory)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written++;
    }),
  );
  return written;
}

/** After everything else is written (the service worker included): compressed copies of the build. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vira-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const written = await precompressDirectory(outDir);
        this.info(`${written} arquivos com cópias .br e .gz`);
      },
    },
  };
}
