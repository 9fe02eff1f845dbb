import { JSDOM } from 'jsdom';
import { populateGlobal, type Environment } from 'vitest/environments';

/**
 * One jsdom window for every test file of a worker (the config runs files unisolated): a window and react-admin
 * loaded once per file cost more than the tests. setup.ts empties the page and the storages after each test.
 */
let dom: JSDOM | undefined;

export default {
  name: 'one-jsdom-window',
  transformMode: 'web',
  setup(global) {
    if (!dom) {
      dom = new JSDOM('<!DOCTYPE html>', { url: 'http://localhost:3000', pretendToBeVisual: true });
      populateGlobal(global, dom.window, { bindFunctions: true });
      // As Vitest's own jsdom environment does: an error thrown in the page (an event handler, a timer) fails the run.
      dom.window.addEventListener('error', (event) => {
        if (event.error != null) process.emit('uncaughtException', event.error as Error);
      });
    }
    return { teardown() {} };
  },
} satisfies Environment;
