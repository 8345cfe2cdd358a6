// jsdom without the WHATWG fetch family: react-router's data routers build Request objects and the
// API client uses fetch, so the frontend tests run in jsdom with Node's own implementations added.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
