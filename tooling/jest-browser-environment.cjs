// jsdom hides the fetch family and streams that Node 20 has; tests fake the API at the network
// boundary, so they need the real ones. Copied from Node's own globals, not polyfilled.
// FormData, Blob and File stay jsdom's: React 19 builds `new FormData(form)` from jsdom forms.
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
  'BroadcastChannel',
  'structuredClone',
  'AbortController',
  'AbortSignal',
];

class BrowserEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = BrowserEnvironment;
