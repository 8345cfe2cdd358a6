/**
 * Preloaded (`node -r`) by processes the tests start from the backend's TypeScript: compiles each
 * .ts file as it is required, the way jest does (jest.config.js): legacy decorators with their
 * metadata, which Nest's dependency injection reads (tsx's esbuild does not emit it).
 */
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
