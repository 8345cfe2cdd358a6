import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript budget of the pages people open first (`npm run build` fails over it): the entry
 * chunk and its static imports, then the same plus what the lazy /auth page and the signed-in shell
 * need before they can render. Sizes are gzip (zlib's default level) in kB of 1000 bytes, as Vite
 * reports them.
 */

export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** Chunks this one imports statically (loaded with it). */
  imports: readonly string[];
  /** The module a dynamic import of this chunk loads, if any. */
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}

export interface BudgetLine {
  name: string;
  files: string[];
  gzipBytes: number;
}

export interface BudgetOptions {
  maxGzipKb: number;
  /** Pages besides the initial load: a name and the lazily loaded modules they need (paths relative to frontend/). */
  pages: Record<string, readonly string[]>;
}

const gzipBytes = (code: string) => gzipSync(code).length;

/** The chunks `roots` pull in before running: themselves and their static imports, transitively. */
export function staticClosure(
  chunks: ReadonlyMap<string, BuiltChunk>,
  roots: Iterable<string>,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (seen.has(fileName)) continue;
    const chunk = chunks.get(fileName);
    if (!chunk) throw new Error(`bundle budget: no chunk ${fileName}`);
    seen.add(fileName);
    pending.push(...chunk.imports);
  }
  return seen;
}

/** The chunk a dynamic import of `module` loads (the one it is the facade of, else one that holds it). */
function chunkOf(chunks: ReadonlyMap<string, BuiltChunk>, module: string): string {
  const normalised = module.replace(/\\/g, '/');
  const matches = (id: string | null) => !!id && id.replace(/\\/g, '/').endsWith(`/${normalised}`);
  const all = [...chunks.values()];
  const found =
    all.find((chunk) => matches(chunk.facadeModuleId)) ??
    all.find((chunk) => chunk.moduleIds.some(matches));
  if (!found)
    throw new Error(`bundle budget: ${module} is in no chunk (renamed? update the budget's pages)`);
  return found.fileName;
}

export function measureBudget(
  chunks: ReadonlyMap<string, BuiltChunk>,
  pages: BudgetOptions['pages'],
): BudgetLine[] {
  const entries = [...chunks.values()]
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => chunk.fileName);
  const initial = staticClosure(chunks, entries);
  const line = (name: string, files: Set<string>): BudgetLine => ({
    name,
    files: [...files].sort(),
    gzipBytes: [...files].reduce((sum, file) => sum + gzipBytes(chunks.get(file)!.code), 0),
  });
  return [
    line('initial JS (entry + static imports)', initial),
    ...Object.entries(pages).map(([name, modules]) =>
      line(
        name,
        new Set([
          ...initial,
          ...staticClosure(
            chunks,
            modules.map((module) => chunkOf(chunks, module)),
          ),
        ]),
      ),
    ),
  ];
}

export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Vite plugin: prints the budget lines after a build and fails it when one is over. */
export function bundleBudget(options: BudgetOptions): Plugin {
  return {
    name: 'vira-bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const lines = measureBudget(chunks, options.pages);
      const limit = options.maxGzipKb * 1000;
      for (const { name, gzipBytes: size, files } of lines) {
        this.info(
          `${name}: ${formatKb(size)} gzip of ${options.maxGzipKb} kB (${files.length} chunks)`,
        );
        if (process.env.VIRA_BUDGET_DETAIL) {
          const sizes = files.map((file) => [file, gzipBytes(chunks.get(file)!.code)] as const);
          for (const [file, bytes] of sizes.sort((a, b) => b[1] - a[1]))
            this.info(`  ${formatKb(bytes)}  ${file}`);
        }
      }
      const over = lines.filter((line) => line.gzipBytes > limit);
      if (over.length > 0) {
        this.error(
          `JavaScript budget exceeded (${options.maxGzipKb} kB gzip): ` +
            over
              .map((line) => `${line.name} ${formatKb(line.gzipBytes)} [${line.files.join(', ')}]`)
              .join('; '),
        );
      }
    },
  };
}
