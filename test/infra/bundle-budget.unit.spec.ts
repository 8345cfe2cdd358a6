import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';
import { bundleBudget, measureBudget, staticClosure, type BuiltChunk } from '../../frontend/build/bundle-budget';

/**
 * The JavaScript budget of frontend/vite.config.ts: what it counts as needed before a page shows,
 * and that it fails the build (so `npm test`'s build step) when that passes the limit.
 */

/** Random base64 text: gzip only gets it down to about 3/4 of its length. */
const randomText = (length: number) => randomBytes(length).toString('base64').slice(0, length);

function chunk(fileName: string, { code = 'export {};', isEntry = false, imports = [] as string[], facade = null as string | null, modules = [] as string[] } = {}): BuiltChunk {
  return { fileName, code, isEntry, imports, facadeModuleId: facade, moduleIds: modules };
}

function bundleOf(chunks: BuiltChunk[]): Map<string, BuiltChunk> {
  return new Map(chunks.map((built) => [built.fileName, built]));
}

const app = bundleOf([
  chunk('index.js', { isEntry: true, imports: ['react.js', 'mantine.js'], facade: '/repo/frontend/index.html' }),
  chunk('react.js', { imports: ['runtime.js'] }),
  chunk('runtime.js'),
  chunk('mantine.js', { imports: ['runtime.js'] }),
  chunk('auth-page.js', { imports: ['forms.js', 'mantine.js'], facade: '/repo/frontend/src/features/auth/pages/auth-page.tsx' }),
  chunk('forms.js', { modules: ['/repo/frontend/src/features/auth/components/login-form.tsx'] }),
  chunk('forgot-dialog.js', { imports: ['modal.js'], facade: '/repo/frontend/src/features/auth/components/forgot-password-dialog.tsx' }),
  chunk('modal.js'),
]);

describe('JavaScript budget', () => {
  it('counts a chunk with its static imports, transitively, never what it loads on demand', () => {
    expect([...staticClosure(app, ['index.js'])].sort()).toEqual(['index.js', 'mantine.js', 'react.js', 'runtime.js']);
    expect([...staticClosure(app, ['auth-page.js'])].sort()).toEqual(['auth-page.js', 'forms.js', 'mantine.js', 'runtime.js']);
  });

  it('measures the first load, then each page as the first load plus the chunks its lazy modules need', () => {
    const [initial, auth] = measureBudget(app, { '/auth': ['src/features/auth/pages/auth-page.tsx'] });
    expect(initial.files).toEqual(['index.js', 'mantine.js', 'react.js', 'runtime.js']);
    expect(auth.files).toEqual(['auth-page.js', 'forms.js', 'index.js', 'mantine.js', 'react.js', 'runtime.js']);
    expect(auth.gzipBytes).toBeGreaterThan(initial.gzipBytes);
  });

  it('finds a module merged into another chunk, and refuses one the build does not have', () => {
    const [, login] = measureBudget(app, { login: ['src/features/auth/components/login-form.tsx'] });
    expect(login.files).toContain('forms.js');
    expect(() => measureBudget(app, { gone: ['src/features/auth/pages/renamed-page.tsx'] })).toThrow(/renamed-page\.tsx is in no chunk/);
  });

  describe('as a Vite plugin', () => {
    function build(plugin: Plugin, chunks: BuiltChunk[]) {
      const errors: string[] = [];
      const infos: string[] = [];
      const context = {
        error: (message: string) => {
          errors.push(message);
          throw new Error(message);
        },
        info: (message: string) => infos.push(message),
      };
      const bundle = Object.fromEntries(chunks.map((built) => [built.fileName, { type: 'chunk', ...built }]));
      const hook = plugin.generateBundle as unknown as (this: typeof context, output: unknown, bundle: unknown) => void;
      let failed = false;
      try {
        hook.call(context, {}, bundle);
      } catch {
        failed = true;
      }
      return { failed, errors, infos };
    }

    const pages = { '/auth': ['src/features/auth/pages/auth-page.tsx'] };
    const entry = (length: number) => chunk('index.js', { isEntry: true, code: randomText(length) });
    const authPage = (length: number) =>
      chunk('auth-page.js', { code: randomText(length), facade: '/repo/frontend/src/features/auth/pages/auth-page.tsx' });

    it('passes under the limit and says how much each page weighs', () => {
      // About 75 kB and 75 + 38 kB gzip.
      const result = build(bundleBudget({ maxGzipKb: 200, pages }), [entry(100_000), authPage(50_000)]);
      expect(result.failed).toBe(false);
      expect(result.infos).toEqual([
        expect.stringMatching(/^initial JS \(entry \+ static imports\): 7\d\.\d kB gzip of 200 kB \(1 chunks\)$/),
        expect.stringMatching(/^\/auth: 11\d\.\d kB gzip of 200 kB \(2 chunks\)$/),
      ]);
    });

    it('fails the build when the first load passes the limit', () => {
      // About 226 kB gzip.
      const result = build(bundleBudget({ maxGzipKb: 200, pages }), [entry(300_000), authPage(1_000)]);
      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(/^JavaScript budget exceeded \(200 kB gzip\): initial JS .* \[index\.js\]/);
    });

    it('fails the build when a lazy page brings its total past the limit', () => {
      // About 151 kB, then 151 + 75 kB gzip.
      const result = build(bundleBudget({ maxGzipKb: 200, pages }), [entry(200_000), authPage(100_000)]);
      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(/\/auth 2\d\d\.\d kB \[auth-page\.js, index\.js\]/);
      expect(result.errors[0]).not.toMatch(/initial JS/);
    });

    it('runs on production builds only', () => {
      expect(bundleBudget({ maxGzipKb: 200, pages }).apply).toBe('build');
    });
  });
});
