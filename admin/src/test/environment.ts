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
    }
    return { teardown() {} };
  },
} satisfies Environment;
