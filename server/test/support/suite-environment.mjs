import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

/** A test or spec file of the server, as a stack frame names it (a path or a file: URL). */
const SUITE_FRAME = /(?:file:\/\/)?(\/[^\s():]+\.(?:test|spec)\.ts)/;

/**
 * Node's test environment, telling apart the suites one Jest file runs: the root's shard files (see shards.mjs)
 * import several suites each. Every top-level describe block belongs to the suite whose module defined it; with
 * `SUITE_REPORT_DIR` set, each suite's time, tests and failures are written there for the run's timing report.
 */
export default class SuiteEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.rootDir = config.projectConfig.rootDir;
    this.testPath = context.testPath;
    /** The suite of each top-level describe block, and when the one running started. */
    this.suiteOf = new Map();
    this.started = new Map();
    /** Each suite's figures, in the order its blocks were defined. */
    this.suites = new Map();
  }

  handleTestEvent(event, state) {
    if (event.name === 'start_describe_definition' && state.currentDescribeBlock.parent === state.rootDescribeBlock) {
      const suite = this.definingSuite();
      this.suiteOf.set(state.currentDescribeBlock, suite);
      if (!this.suites.has(suite)) this.suites.set(suite, { seconds: 0, tests: 0, failed: 0 });
    }
    if (event.name === 'run_describe_start' && this.suiteOf.has(event.describeBlock)) this.started.set(event.describeBlock, performance.now());
    if (event.name === 'run_describe_finish' && this.suiteOf.has(event.describeBlock)) {
      this.suites.get(this.suiteOf.get(event.describeBlock)).seconds += (performance.now() - this.started.get(event.describeBlock)) / 1000;
    }
    if (event.name === 'test_done') {
      let block = event.test.parent;
      while (block.parent && block.parent !== state.rootDescribeBlock) block = block.parent;
      const figures = this.suites.get(this.suiteOf.get(block));
      if (!figures) return;
      figures.tests += 1;
      if (event.test.errors.length) figures.failed += 1;
    }
  }

  /** The suite file in the stack of the `describe()` call being defined; the Jest file itself when none is. */
  definingSuite() {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const frames = new Error().stack.split('\n');
    Error.stackTraceLimit = limit;
    const path = frames.map((frame) => SUITE_FRAME.exec(frame)?.[1]).find((file) => file?.startsWith(this.rootDir) && file !== this.testPath);
    return relative(this.rootDir, path ?? this.testPath);
  }

  async teardown() {
    const folder = process.env.SUITE_REPORT_DIR;
    if (folder) {
      mkdirSync(folder, { recursive: true });
      const suites = [...this.suites].map(([file, { seconds, tests, failed }]) => ({ file, seconds: Math.round(seconds * 10) / 10, tests, failed }));
      writeFileSync(join(folder, `${relative(this.rootDir, this.testPath).replaceAll('/', '_')}.json`), `${JSON.stringify(suites)}\n`);
    }
    await super.teardown();
  }
}
