import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './local-services';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

interface BuildTarget {
  workspace: string;
  output: string;
  sources: string[];
}

const TARGETS: BuildTarget[] = [
  {
    workspace: 'backend',
    output: 'backend/dist/backend/src/main.js',
    sources: [
      'backend/src',
      'migrations',
      'backend/package.json',
      'backend/tsconfig.json',
      'backend/tsconfig.build.json',
    ],
  },
  {
    workspace: 'frontend',
    output: 'frontend/dist/index.html',
    sources: [
      'frontend/src',
      'frontend/index.html',
      'frontend/package.json',
      'frontend/vite.config.ts',
      'frontend/public',
    ],
  },
];

/** Builds each workspace whose output is missing or older than its sources. */
export function buildIfNeeded(log: (line: string) => void): void {
  for (const target of TARGETS) {
    const output = path.join(REPO_ROOT, target.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changedAt = Math.max(
      ...target.sources.map((source) => newestMtime(path.join(REPO_ROOT, source))),
    );
    if (builtAt >= changedAt) continue;
    log(`Compilando ${target.workspace}...`);
    // Each workspace builds with its own tsconfig: the one tsx runs a bench with (`--tsconfig
    // backend/tsconfig.json`, inherited as TSX_TSCONFIG_PATH) was looked for under frontend/, and a
    // bench that found the SPA stale failed to build it.
    const { TSX_TSCONFIG_PATH: _benchTsconfig, ...env } = process.env;
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) throw new Error(`A compilação de ${target.workspace} falhou.`);
  }
}
