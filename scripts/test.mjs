// `npm test`: type checks, lint, the build and every test suite, in stages sized to the machine; each phase's output
// goes to test-results/logs/ (shown whole when it fails), and the time of every phase and test file to
// test-results/timings.json, summarised at the end. `npm test -- --only=server,e2e` runs some phases of it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { writeShards } from '../server/test/support/shards.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const RESULTS = join(ROOT, 'test-results');
const LOGS = join(RESULTS, 'logs');
const CORES = availableParallelism();
/**
 * Browser files at once, each with its own server, database and browser: one more than the cores, as each file waits
 * on its browser and its server in turn (on 2 cores: 291 s at three, 359 s at two).
 */
const E2E_AT_ONCE = CORES + 1;
/**
 * The server's shard files (server/test/support/shards.mjs): enough for Jest's two workers to end together, few
 * enough that loading the app's modules once per shard stays small (10 shards: about 25 s of CPU, against 200 s for
 * a load per suite).
 */
const SERVER_SHARDS = 10;
/** Where the server's test environment writes each suite's figures. */
const SERVER_SUITES = join(RESULTS, 'server-suites');

/**
 * The end-to-end files that need the machine to themselves, run one after another once the others are done: a
 * load run, three instances behind nginx, and the ones that stop or kill a database or a server to watch it recover.
 */
const SERIAL_E2E = ['bench-smoke', 'easter-peak', 'database-outage', 'server-lifecycle'].map((name) => `e2e/${name}.test.ts`);

/**
 * The end-to-end files, longest first, so that no long file starts last and runs on alone: by their time in the
 * last run's report when there is one, else by their size.
 */
function e2eFiles(lastSeconds) {
  const files = readdirSync(join(ROOT, 'e2e'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `e2e/${name}`);
  // A file new since the last run has no time in it: then every file is weighed by its size, so none is guessed.
  const timed = files.every((file) => lastSeconds.has(file));
  const weight = new Map(files.map((file) => [file, timed ? lastSeconds.get(file) : statSync(join(ROOT, file)).size]));
  return files.sort((a, b) => weight.get(b) - weight.get(a));
}

const npm = (...args) => ['npm', args];

/**
 * The phases, stage by stage: the lanes of one stage run side by side (a lane is a phase, or phases in turn), and a
 * stage starts when the one before passed.
 */
function stages(lastSeconds) {
  const parallelE2e = e2eFiles(lastSeconds).filter((file) => !SERIAL_E2E.includes(file));
  return [
    [
      { name: 'typecheck', steps: [npm('run', 'typecheck')] },
      { name: 'eslint', steps: [['npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--cache-strategy', 'content', '.']]] },
      { name: 'build', steps: [npm('run', 'build')] },
    ],
    // Jest's two workers leave a core partly idle while they wait on PostgreSQL: one Vitest fork at a time fills it,
    // the web's files and then the console's.
    [
      {
        name: 'server',
        before: () => writeShards(lastSeconds, SERVER_SHARDS),
        env: { TEST_SHARDS: '1', SUITE_REPORT_DIR: SERVER_SUITES },
        steps: [npm('test', '-w', 'server', '--', '--json', `--outputFile=${join(RESULTS, 'server.json')}`)],
        files: serverSuites,
      },
      [
        { name: 'web', steps: [npm('test', '-w', 'web', '--', ...vitestReport('web'))], files: reportedFiles('web') },
        { name: 'admin', steps: [npm('test', '-w', 'admin', '--', '--maxWorkers=1', ...vitestReport('admin'))], files: reportedFiles('admin') },
      ],
    ],
    [{ name: 'e2e', run: (phase) => nodeTestFiles(phase, parallelE2e, E2E_AT_ONCE) }],
    [{ name: 'e2e-serial', run: (phase) => nodeTestFiles(phase, SERIAL_E2E, 1) }],
  ];
}

const vitestReport = (workspace) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(RESULTS, `${workspace}.json`)}`];

/** Per-file figures from a JSON report of Jest's shape, which Vitest's json reporter writes too. */
function reportedFiles(workspace) {
  return () => {
    const report = JSON.parse(readFileSync(join(RESULTS, `${workspace}.json`), 'utf8'));
    return report.testResults.map((result) => ({
      file: `${workspace}/${result.name.slice(result.name.indexOf(`/${workspace}/`) + workspace.length + 2)}`,
      seconds: round((result.endTime - result.startTime) / 1000),
      tests: result.assertionResults.length,
      failed: result.assertionResults.filter((test) => test.status === 'failed').length,
    }));
  };
}

/** The server's figures per suite (several share a shard file), as its test environment wrote them. */
function serverSuites() {
  return readdirSync(SERVER_SUITES).flatMap((name) =>
    JSON.parse(readFileSync(join(SERVER_SUITES, name), 'utf8')).map((suite) => ({ ...suite, file: `server/${suite.file}` })),
  );
}

/**
 * Runs each file in a `node --test` process of its own, `atOnce` at a time, timing each; its output goes to the
 * phase's log when it ends, so one file's lines stay together.
 */
async function nodeTestFiles(phase, files, atOnce) {
  const queue = [...files];
  const figures = [];
  let failed = false;
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const tap = join(RESULTS, `${file.replaceAll('/', '_')}.tap`);
      const start = performance.now();
      const { code, output } = await run('node', ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, file]);
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(readFileSync(tap, 'utf8'))?.[1] ?? 0);
      figures.push({ file, seconds: since(start), tests: count('tests'), failed: code === 0 ? count('fail') : Math.max(1, count('fail')) });
      writeFileSync(phase.log, `=== ${file} (${code === 0 ? 'passed' : 'FAILED'})\n${output}\n`, { flag: 'a' });
      failed ||= code !== 0;
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return { code: failed ? 1 : 0, files: figures };
}

/** Runs a command with its output gathered; resolves to its exit code and output. */
function run(command, args, onOutput, env = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } });
    const gather = (chunk) => {
      output += chunk;
      onOutput?.(chunk);
    };
    child.stdout.on('data', gather);
    child.stderr.on('data', gather);
    child.on('close', (status) => resolve({ code: status ?? 1, output }));
  });
}

/** The machine's CPU time so far, busy and in all, from Linux's /proc/stat; null elsewhere. */
function machineCpu() {
  if (!existsSync('/proc/stat')) return null;
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = ticks.reduce((all, value) => all + value, 0);
  // The fourth and fifth figures are idle and waiting on disk.
  return { busy: total - ticks[3] - ticks[4], total };
}

/** The share of the machine's cores that were busy since `start` (every process, not only ours), as a percentage. */
function cpuBusySince(start) {
  const end = machineCpu();
  return start && end ? Math.round((100 * (end.busy - start.busy)) / (end.total - start.total)) : null;
}

const round = (seconds) => Math.round(seconds * 10) / 10;
const since = (start) => round((performance.now() - start) / 1000);

/** Runs one phase (its steps in turn, or its own `run`), its output to its log; resolves to its figures. */
async function runPhase(phase) {
  phase.log = join(LOGS, `${phase.name}.log`);
  writeFileSync(phase.log, '');
  const start = performance.now();
  const cpuStart = machineCpu();
  let code = 0;
  let files = [];
  phase.before?.();
  if (phase.run) ({ code, files } = await phase.run(phase));
  for (const [command, args] of phase.steps ?? []) {
    ({ code } = await run(command, args, (chunk) => writeFileSync(phase.log, chunk, { flag: 'a' }), phase.env));
    if (code !== 0) break;
  }
  const seconds = since(start);
  const cpuBusy = cpuBusySince(cpuStart);
  try {
    files = phase.files?.() ?? files;
  } catch {
    // A runner that failed before writing its report leaves no file figures; the log says why.
  }
  const counts = files.length ? `  (${files.length} files, ${sum(files, 'tests')} tests)` : '';
  const cpu = cpuBusy === null ? '' : `  cpu ${cpuBusy}%`;
  console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${phase.name.padEnd(11)} ${String(seconds).padStart(7)} s${cpu}${counts}`);
  if (code !== 0) console.log(`--- ${phase.name} (test-results/logs/${phase.name}.log) ---\n${readFileSync(phase.log, 'utf8')}\n--- end of ${phase.name} ---`);
  return { name: phase.name, seconds, cpuBusy, passed: code === 0, files };
}

/** Each file's time in the last run's report, when there is one. */
function lastRunSeconds() {
  const report = join(RESULTS, 'timings.json');
  if (!existsSync(report)) return new Map();
  return new Map(JSON.parse(readFileSync(report, 'utf8')).files.map((file) => [file.file, file.seconds]));
}

/** Runs a lane's phases in turn, stopping at the first that fails. */
async function runLane(lane) {
  const done = [];
  for (const phase of lane) {
    done.push(await runPhase(phase));
    if (!done.at(-1).passed) break;
  }
  return done;
}

const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

async function main() {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const lastSeconds = lastRunSeconds();
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  const started = performance.now();
  const phases = [];
  for (const stage of stages(lastSeconds)) {
    const lanes = stage.map((lane) => [lane].flat().filter((phase) => !only || only.includes(phase.name))).filter((lane) => lane.length);
    const stageStart = performance.now();
    phases.push(...(await Promise.all(lanes.map(runLane))).flat());
    if (lanes.flat().length > 1) console.log(`        stage of ${lanes.map((lane) => lane.map((phase) => phase.name).join(', then ')).join(' + ')}: ${since(stageStart)} s`);
    if (phases.some((phase) => !phase.passed)) break;
  }
  // .ci/run times its `npm ci` before this run starts.
  if (process.env.INSTALL_SECONDS) phases.unshift({ name: 'install', seconds: Number(process.env.INSTALL_SECONDS), passed: true, files: [] });
  const files = phases.flatMap((phase) => phase.files.map((file) => ({ phase: phase.name, ...file })));
  const report = {
    finished: new Date().toISOString(),
    cores: CORES,
    seconds: since(started),
    passed: phases.every((phase) => phase.passed),
    phases: phases.map(({ name, seconds, cpuBusy, passed, files: ofPhase }) => ({ name, seconds, cpuBusy, passed, files: ofPhase.length, tests: sum(ofPhase, 'tests') })),
    slowestFiles: [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10),
    files,
  };
  writeFileSync(join(RESULTS, 'timings.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${report.passed ? 'passed' : 'FAILED'} in ${report.seconds} s on ${CORES} cores; ${files.length} files, ${sum(files, 'tests')} tests (test-results/timings.json). Slowest files:`);
  for (const file of report.slowestFiles) console.log(`  ${String(file.seconds).padStart(7)} s  ${file.file}`);
  process.exitCode = report.passed ? 0 : 1;
}

await main();
