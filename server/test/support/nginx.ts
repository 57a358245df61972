import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

/*
 * A real reverse proxy in front of the server: Debian's nginx, started as a child process with everything
 * (configuration, pid, logs, temp folders) in a temp folder, proxying 127.0.0.1:<port> to the app the way
 * a production nginx does, appending the address it saw to X-Forwarded-For.
 */

export const NGINX_BINARY = '/usr/sbin/nginx';

export interface Nginx {
  /** The port nginx listens on (127.0.0.1). */
  port: number;
  /** The access log so far, one line per request. */
  accessLog: () => string;
  /** Stops nginx and removes its folder. */
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
    socket.on('error', () => resolve(false));
  });
}

/** Where nginx keeps its pid, logs and temp files: all in the test's own folder. */
function preamble(dir: string): string[] {
  const inDir = (name: string) => path.join(dir, name);
  return [
    // As root the workers would run as `nobody`, who cannot enter this 0700 temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${inDir('nginx.pid')};`,
    `error_log ${inDir('error.log')} warn;`,
    'events { worker_connections 1024; }',
  ];
}

function tempPaths(dir: string): string[] {
  const inDir = (name: string) => path.join(dir, name);
  return [
    `  client_body_temp_path ${inDir('client_body')};`,
    `  proxy_temp_path ${inDir('proxy')};`,
    `  fastcgi_temp_path ${inDir('fastcgi')};`,
    `  uwsgi_temp_path ${inDir('uwsgi')};`,
    `  scgi_temp_path ${inDir('scgi')};`,
  ];
}

function config(dir: string, port: number, upstreamPort: number): string {
  return [
    ...preamble(dir),
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    ...tempPaths(dir),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    location / {',
    `      proxy_pass http://127.0.0.1:${upstreamPort};`,
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The proxy settings production uses (deploy/nginx/proxy.conf), included unchanged by the load balancer below. */
export const DEPLOY_PROXY_CONF = path.join(REPO_ROOT, 'deploy/nginx/proxy.conf');

/**
 * Round-robin over several processes with deploy/nginx/proxy.conf, as deploy/nginx/checkout.conf does, minus
 * TLS. Each answer says which process served it (`X-Upstream`, test only) and the access log keeps one line
 * per request with the process or processes that handled it.
 */
function loadBalancerConfig(dir: string, port: number, upstreamPorts: number[], failTimeoutSeconds: number): string {
  return [
    ...preamble(dir),
    'http {',
    "  log_format upstreams '$status $request_method $uri $upstream_addr $upstream_status';",
    `  access_log ${path.join(dir, 'access.log')} upstreams;`,
    ...tempPaths(dir),
    '  upstream checkout {',
    ...upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${failTimeoutSeconds}s;`),
    '  }',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    client_max_body_size 12m;',
    '    add_header X-Upstream $upstream_addr always;',
    '    location / {',
    `      include ${DEPLOY_PROXY_CONF};`,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The production site's configuration (a sites-available file, inside `http {}`). */
export const DEPLOY_CHECKOUT_CONF = path.join(REPO_ROOT, 'deploy/nginx/checkout.conf');

/** `pattern` replaced in `text`, or an error naming what checkout.conf no longer has (the test must follow it). */
function rewrite(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/checkout.conf has no ${what} any more: update siteConfig in server/test/support/nginx.ts`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx/checkout.conf as it is, with only what a test cannot have changed: its HTTPS server block
 * listens on 127.0.0.1:`port` in plain HTTP (no certificate), the port-80 redirect is left out, the upstream
 * is the test's processes and proxy.conf is read from the repository. Every location, and their order, is the file's.
 */
function siteConfig(dir: string, port: number, upstreamPorts: number[]): string {
  let site = readFileSync(DEPLOY_CHECKOUT_CONF, 'utf8');
  site = rewrite(site, /^upstream checkout \{[\s\S]*?^\}/m, ['upstream checkout {', ...upstreamPorts.map((p) => `    server 127.0.0.1:${p};`), '}'].join('\n'), 'upstream checkout');
  site = rewrite(site, /^server \{\s*listen 80;[\s\S]*?^\}/m, '', 'port-80 redirect');
  site = rewrite(site, /^\s*listen 443 ssl[^;]*;/m, `    listen 127.0.0.1:${port};`, 'listen 443');
  site = rewrite(site, /^\s*listen \[::\]:443 ssl[^;]*;\n/m, '', 'IPv6 listen 443');
  site = rewrite(site, /^\s*ssl_certificate(_key)? [^;]*;\n/gm, '', 'ssl_certificate');
  site = rewrite(site, /include \/etc\/nginx\/checkout-proxy\.conf;/g, `include ${DEPLOY_PROXY_CONF};`, 'include of checkout-proxy.conf');
  return [
    ...preamble(dir),
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    ...tempPaths(dir),
    site,
    '}',
    '',
  ].join('\n');
}

/** nginx with the production site's configuration (deploy/nginx/checkout.conf, minus TLS) in front of 127.0.0.1:`upstreamPorts`. */
export async function startCheckoutSite(upstreamPorts: number[]): Promise<Nginx> {
  return launch((dir, port) => siteConfig(dir, port, upstreamPorts));
}

/** Starts nginx in front of 127.0.0.1:`upstreamPort` and resolves once it accepts connections. */
export async function startNginx(upstreamPort: number): Promise<Nginx> {
  return launch((dir, port) => config(dir, port, upstreamPort));
}

/** nginx balancing round-robin over 127.0.0.1:`upstreamPorts` with the production proxy settings. */
export async function startLoadBalancer(upstreamPorts: number[], { failTimeoutSeconds = 2 } = {}): Promise<Nginx> {
  return launch((dir, port) => loadBalancerConfig(dir, port, upstreamPorts, failTimeoutSeconds));
}

async function launch(configFor: (dir: string, port: number) => string): Promise<Nginx> {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(`${NGINX_BINARY} is missing: run .ci/run, which installs Debian's nginx (apt-get install nginx); this test needs a real reverse proxy`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'checkout-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, configFor(dir, port));
  // -e: errors before the configuration is read go here too, not to /var/log/nginx (absent or not writable).
  const child = spawn(NGINX_BINARY, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
  const errorLog = (): string => { try { return readFileSync(path.join(dir, 'error.log'), 'utf8'); } catch { return ''; } };
  const exited = new Promise<number | null>((resolve) => { child.once('exit', (code) => resolve(code)); });
  let running = true;
  void exited.then(() => { running = false; });

  const stop = async (): Promise<void> => {
    if (running) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (!running || Date.now() > deadline) {
      const why = `${stderr}${errorLog()}`.trim() || '(no output)';
      await stop();
      throw new Error(`nginx did not start on 127.0.0.1:${port}: ${why}`);
    }
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
  const accessLog = (): string => { try { return readFileSync(path.join(dir, 'access.log'), 'utf8'); } catch { return ''; } };
  return { port, accessLog, stop };
}
