import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from './harness.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** One line of the access log the test adds: when, what status the client got, which instances nginx tried. */
export interface ProxiedRequest {
  atMs: number;
  status: number;
  /** `127.0.0.1:4001` or, after a retry, `127.0.0.1:4001, 127.0.0.1:4002`. */
  upstreams: string;
  request: string;
}

export interface Nginx {
  url: string;
  /** Everything nginx logged as an error (upstreams lost, retries), a line each. */
  errors(): string[];
  /** The requests nginx answered so far, read from its access log. */
  requests(): ProxiedRequest[];
  stop(): Promise<void>;
}

/**
 * `deploy/nginx.conf` with only what a test must change: each `server app:3000 …;` line of the upstream repeated for
 * the given instances (its parameters kept), and the port nginx listens on.
 */
export function siteConfig(upstreams: string[], port: number): string {
  const production = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const servers = /^(\s*)server app:3000(.*)$/m;
  if (!servers.test(production) || !/^\s*listen 80;$/m.test(production)) throw new Error('deploy/nginx.conf no longer has `server app:3000` and `listen 80;`');
  return production
    .replace(servers, (_, indent: string, rest: string) => upstreams.map((upstream) => `${indent}server ${upstream}${rest}`).join('\n'))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

/**
 * Debian's nginx as a child process, unprivileged where it writes (pid, temp files, logs in a folder of its own),
 * serving `deploy/nginx.conf` in front of `upstreams` (`host:port`). Resolves once it accepts connections.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ministry-nginx-'));
  // Workers run as `nobody` when nginx starts as root: they need to reach the temp folders.
  chmodSync(dir, 0o755);
  for (const temp of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(join(dir, 'site.conf'), siteConfig(upstreams, port));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format proxied '$msec $status "$upstream_addr" "$request"';
  access_log ${dir}/access.log proxied;
  client_body_temp_path ${dir}/client;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };

  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}${read('error.log')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    errors: () => read('error.log').split('\n').filter(Boolean),
    requests: () => read('access.log').split('\n').filter(Boolean).map(parseLine),
    async stop() {
      if (child.exitCode === null) {
        // QUIT: nginx finishes the requests in hand, then exits.
        child.kill('SIGQUIT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.once('close', () => socket.destroy());
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.end());
  });
}

function parseLine(line: string): ProxiedRequest {
  const [, at, status, upstreams, request] = /^(\S+) (\d+) "([^"]*)" "([^"]*)"$/.exec(line) ?? [];
  return { atMs: Number(at) * 1000, status: Number(status), upstreams: upstreams ?? '', request: request ?? line };
}
