import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** The built SPA: STATIC_DIR when set, else the nearest `frontend/dist` above this file. */
export function findSpaDirectory(configured: string | undefined): string | undefined {
  if (configured) return existsSync(path.join(configured, 'index.html')) ? configured : undefined;
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'frontend', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
