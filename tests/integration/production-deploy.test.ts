// The deployment files — Dockerfile, docker-compose.yml, the Helm chart in deploy/helm/rmm —
// checked without Docker or Helm: each is parsed and held to the production layout
// (docs/production.md): one image, a release step that alone migrates, web and worker run as
// separate processes with health checks, and every setting they name is one the service reads.
// Where the tools exist the real thing runs too: `helm lint`/`helm template` with helm on PATH,
// and with a Docker daemon the image is built and the compose stack started and used. Each of
// those is skipped, saying why, where its tool is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../../scripts/bundle.mjs';
import { freePort } from '../../scripts/lib/postgres';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Yaml = Record<string, unknown>;
const asMap = (v: unknown): Yaml => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Yaml) : {});

/** Every setting lib/env.ts validates: the keys of its EnvFields object. */
function envFieldNames(): Set<string> {
  const source = read('lib/env.ts');
  const start = source.indexOf('const EnvFields = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'lib/env.ts defines EnvFields').toBeGreaterThan(-1);
  return new Set([...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Variables the production processes read from process.env outside lib/env.ts (PORT, HOST, …). */
function processEnvNames(): Set<string> {
  const files = ['server.ts', 'scripts/release.ts', 'scripts/healthcheck.ts', 'scripts/start-production.ts', ...sourceFiles('lib'), ...sourceFiles('worker')];
  const names = new Set<string>();
  for (const file of files.filter((f) => !f.startsWith('lib/generated/'))) {
    for (const m of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
  }
  return names;
}

// Read by Next.js itself rather than by our code.
const FRAMEWORK_NAMES = new Set(['NEXT_TELEMETRY_DISABLED']);
const known = (() => {
  const names = new Set([...envFieldNames(), ...processEnvNames(), ...FRAMEWORK_NAMES]);
  return (name: string) => names.has(name);
})();

/** The compiled files the deployment files start: each must be one scripts/bundle.mjs emits. */
function distFilesNamed(text: string): string[] {
  return [...text.matchAll(/dist\/([a-z-]+)\.js/g)].map((m) => m[1]);
}
const bundled = new Set(Object.keys(ENTRIES));

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({ image: m[1], name: m[2] }));
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in stages and runs a small runtime stage as a non-root user', () => {
    expect(stages.map((s) => s.name)).toEqual(['base', 'deps', 'prod-deps', 'build', 'runtime']);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^USER root/m);
    // The runtime installs nothing and carries no sources: only what the build produced.
    expect(runtime).not.toMatch(/npm (ci|install)/);
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('carries the compiled processes, the Next build, the agent bundle and what migrations need', () => {
    for (const needed of ['./node_modules', './dist', './.next', './agent/dist', './prisma', './scripts/lib/unref-timers.cjs']) {
      expect(runtime, `runtime stage copies ${needed}`).toContain(needed);
    }
    // dist/ is ESM by package.json's "type"; the Prisma CLI reads prisma.config.ts.
    expect(runtime).toMatch(/COPY --from=build \/app\/package\.json \/app\/next\.config\.mjs \/app\/prisma\.config\.ts \.\//);
    expect(JSON.parse(read('package.json')).type).toBe('module');
  });

  it('checks the health route and starts the web server by default', () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["node", "dist\/healthcheck\.js", "web"\]/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/server\.js"\]$/m);
    for (const file of distFilesNamed(dockerfile)) expect(bundled, `dist/${file}.js is bundled`).toContain(file);
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    for (const entry of ['node_modules', '.next', '.data', 'dist', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  const text = read('docker-compose.yml');
  const compose = asMap(load(text));
  const services = asMap(compose.services);
  const service = (name: string) => asMap(services[name]);
  const command = (name: string) => (service(name).command as string[] | undefined)?.join(' ');

  it('has PostgreSQL, a one-shot release step, a web and a worker service', () => {
    expect(Object.keys(services).sort()).toEqual(['postgres', 'release', 'web', 'worker']);
    for (const [name, value] of Object.entries(services)) {
      const s = asMap(value);
      expect(Boolean(s.image || s.build), `${name} has an image or a build`).toBe(true);
    }
    expect(command('release')).toBe('node dist/release.js');
    expect(command('web')).toBe('node dist/server.js');
    expect(command('worker')).toBe('node dist/worker.js');
    expect(service('release').restart).toBe('no');
    // One image for the three: the same build, the same tag.
    expect(new Set(['release', 'web', 'worker'].map((n) => service(n).image)).size).toBe(1);
    for (const file of distFilesNamed(text)) expect(bundled, `dist/${file}.js is bundled`).toContain(file);
  });

  it('runs migrations once: web and worker start only after the release step succeeded', () => {
    for (const name of ['web', 'worker']) {
      expect(asMap(service(name).depends_on).release).toEqual({ condition: 'service_completed_successfully' });
      expect(asMap(service(name).depends_on).postgres).toEqual({ condition: 'service_healthy' });
    }
    expect(asMap(service('release').depends_on).postgres).toEqual({ condition: 'service_healthy' });
  });

  it('checks the health of every long-running service', () => {
    for (const name of ['postgres', 'web', 'worker']) {
      const test = asMap(service(name).healthcheck).test as string[] | undefined;
      expect(test?.length, `${name} has a health check`).toBeGreaterThan(1);
    }
    expect(asMap(service('web').healthcheck).test).toEqual(['CMD', 'node', 'dist/healthcheck.js', 'web']);
    expect(asMap(service('worker').healthcheck).test).toEqual(['CMD', 'node', 'dist/healthcheck.js', 'worker']);
    expect(asMap(service('release').healthcheck).disable).toBe(true);
  });

  it('keeps the database and mail on volumes', () => {
    expect(Object.keys(asMap(compose.volumes)).sort()).toEqual(['mail', 'pgdata']);
    expect(service('postgres').volumes).toEqual(['pgdata:/var/lib/postgresql']);
    for (const name of ['release', 'web', 'worker']) expect(service(name).volumes).toEqual(['mail:/app/.data/mail']);
  });

  it('names only settings the service reads, and requires the secrets', () => {
    for (const name of ['release', 'web', 'worker']) {
      for (const key of Object.keys(asMap(service(name).environment))) expect(known(key), `${name}: ${key} is read by the service`).toBe(true);
    }
    for (const secret of ['JWT_SECRET', 'ENCRYPTION_KEY', 'PORTAL_SESSION_SECRET', 'POSTGRES_PASSWORD']) {
      expect(text, `${secret} is required`).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
    }
    // Variables only compose itself reads (interpolation): each is documented.
    const docs = read('docs/production.md');
    const interpolated = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    for (const name of interpolated) {
      if (!known(name)) expect(docs, `${name} is documented in docs/production.md`).toContain(name);
    }
  });
});

/**
 * The chart's templates made plain YAML by simple substitution, without Helm: lines that hold
 * only template actions (if/range/with/end, include and toYaml blocks) are dropped, and every
 * other action becomes a placeholder. What remains must parse and keep the manifests' shape.
 */
function substituteTemplate(source: string): string {
  return source
    .replace(/\{\{\/\*[\s\S]*?\*\/\}\}/g, '')
    .split('\n')
    .filter((line) => !/^\s*(\{\{-?[^}]*-?\}\}\s*)+$/.test(line))
    .map((line) => line.replace(/\{\{-?[^}]*?-?\}\}/g, 'TEMPLATED'))
    .join('\n');
}

describe('Helm chart deploy/helm/rmm', () => {
  const chartDir = path.join(root, 'deploy/helm/rmm');
  const templates = readdirSync(path.join(chartDir, 'templates')).filter((f) => f.endsWith('.yaml'));
  const docs = templates.flatMap((file) =>
    loadAll(substituteTemplate(readFileSync(path.join(chartDir, 'templates', file), 'utf8')), null, { filename: file })
      .filter(Boolean)
      .map((doc) => ({ file, doc: asMap(doc) })),
  );
  const ofKind = (kind: string) => docs.filter((d) => d.doc.kind === kind);
  const podSpec = (doc: Yaml) => asMap(asMap(asMap(doc.spec).template).spec);
  const container = (doc: Yaml) => asMap((podSpec(doc).containers as unknown[])[0]);
  const annotations = (doc: Yaml) => asMap(asMap(doc.metadata).annotations);
  const values = asMap(load(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')));

  it('is a v2 chart whose templates are well-formed YAML after substitution', () => {
    const chart = asMap(load(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')));
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'rmm', type: 'application' });
    expect(templates.sort()).toEqual(['configmap.yaml', 'ingress.yaml', 'migrate-job.yaml', 'secret.yaml', 'service.yaml', 'web-deployment.yaml', 'worker-deployment.yaml']);
    expect(docs.map((d) => d.doc.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Deployment', 'Ingress', 'Job', 'Secret', 'Service']);
    expect(existsSync(path.join(chartDir, 'templates/_helpers.tpl'))).toBe(true);
  });

  it('runs the migrations in one pre-install/pre-upgrade Job, after the settings it reads exist', () => {
    const [job] = ofKind('Job');
    expect(annotations(job.doc)['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(container(job.doc).command).toEqual(['node', 'dist/release.js']);
    expect(podSpec(job.doc).restartPolicy).toBe('Never');
    const jobWeight = Number(annotations(job.doc)['helm.sh/hook-weight']);
    for (const kind of ['ConfigMap', 'Secret']) {
      const [settings] = ofKind(kind);
      expect(annotations(settings.doc)['helm.sh/hook'], `${kind} is created before the Job`).toBe('pre-install,pre-upgrade');
      expect(Number(annotations(settings.doc)['helm.sh/hook-weight'])).toBeLessThan(jobWeight);
    }
  });

  it('runs web and worker as separate Deployments that never migrate', () => {
    const byComponent: Record<string, Yaml> = Object.fromEntries(ofKind('Deployment').map((d) => [String(asMap(asMap(d.doc.metadata).labels)['app.kubernetes.io/component']), d.doc]));
    expect(container(byComponent.web).command).toEqual(['node', 'dist/server.js']);
    expect(container(byComponent.worker).command).toEqual(['node', 'dist/worker.js']);
    for (const doc of Object.values(byComponent)) expect(JSON.stringify(container(doc).command)).not.toMatch(/release|migrate/);
    for (const file of docs.flatMap((d) => distFilesNamed(JSON.stringify(d.doc)))) expect(bundled).toContain(file);
  });

  it('probes the web on the health route and the worker with its health check', () => {
    const web = asMap(values.web);
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      expect(asMap(web[probe]).httpGet, `web ${probe}`).toEqual({ path: '/api/v1/health', port: 'http' });
    }
    expect(asMap(asMap(values.worker).livenessProbe).exec).toEqual({ command: ['node', 'dist/healthcheck.js', 'worker'] });
    const webTemplate = readFileSync(path.join(chartDir, 'templates/web-deployment.yaml'), 'utf8');
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) expect(webTemplate).toContain(`toYaml .Values.web.${probe}`);
    const [service] = ofKind('Service');
    expect((asMap(service.doc.spec).ports as Yaml[])[0]).toMatchObject({ name: 'http', targetPort: 'http' });
  });

  it('names only settings the service reads, in values and in the ConfigMap', () => {
    const valuesText = readFileSync(path.join(chartDir, 'values.yaml'), 'utf8');
    const [configMap] = ofKind('ConfigMap');
    const names = [
      ...Object.keys(asMap(values.config)),
      ...Object.keys(asMap(values.secrets)),
      ...Object.keys(asMap(configMap.doc.data)).filter((k) => k !== 'TEMPLATED'),
      // Settings suggested in comments of the config section, e.g. `# S3_BUCKET: "…"`.
      ...[...valuesText.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]),
    ];
    expect(names).toContain('S3_BUCKET');
    for (const name of names) expect(known(name), `${name} is read by the service`).toBe(true);
    expect(Object.keys(asMap(values.secrets))).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'PORTAL_SESSION_SECRET']));
  });

  it('passes helm lint and renders with helm template', (ctx) => {
    const helm = spawnSync('helm', ['version', '--short'], { encoding: 'utf8' });
    if (helm.error || helm.status !== 0) ctx.skip('helm is not installed here: run `helm lint deploy/helm/rmm` where it is (docs/production.md)');
    const set = ['DATABASE_URL=postgresql://rmm:pw@db:5432/rmm', 'JWT_SECRET=x'.padEnd(44, 'x'), 'ENCRYPTION_KEY=y'.padEnd(48, 'y'), 'PORTAL_SESSION_SECRET=z'.padEnd(55, 'z')].flatMap((kv) => ['--set', `secrets.${kv}`]);
    execFileSync('helm', ['lint', chartDir, ...set], { encoding: 'utf8' });
    const rendered = execFileSync('helm', ['template', 'rmm', chartDir, '--set', 'ingress.enabled=true', ...set], { encoding: 'utf8' });
    const kinds = loadAll(rendered).filter(Boolean).map((d) => asMap(d).kind).sort();
    expect(kinds).toEqual(['ConfigMap', 'Deployment', 'Deployment', 'Ingress', 'Job', 'Secret', 'Service']);
    // Without the required secrets the chart refuses to render.
    expect(spawnSync('helm', ['template', 'rmm', chartDir]).status).not.toBe(0);
  });
});

/** `docker …` succeeds here (the CLI is installed and its daemon answers), or why not. */
function dockerUnavailable(): string | null {
  const info = spawnSync('docker', ['info'], { encoding: 'utf8', timeout: 20_000 });
  if (info.error) return `no docker CLI (${info.error.message})`;
  if (info.status !== 0) return `\`docker info\` fails: ${(info.stderr || info.stdout).trim().split('\n').pop()}`;
  const compose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (compose.status !== 0) return 'the docker compose plugin is not installed';
  return null;
}

describe('the image and the compose stack, where Docker runs', () => {
  it('builds the image, starts the stack, signs in and stops', async (ctx) => {
    const why = dockerUnavailable();
    if (why) ctx.skip(`Docker is not available: ${why}`);
    const project = `rmm-check-${randomBytes(3).toString('hex')}`;
    const image = `rmm-service:${project}`;
    const port = await freePort();
    // The stack's project directory: its .env (read for interpolation and by env_file) is this
    // one, not a developer's .env in the repository.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-compose-'));
    writeFileSync(
      path.join(dir, '.env'),
      [
        `RMM_IMAGE=${image}`,
        `RMM_PORT=${port}`,
        `POSTGRES_PASSWORD=${randomBytes(12).toString('hex')}`,
        `JWT_SECRET=${randomBytes(32).toString('hex')}`,
        `ENCRYPTION_KEY=${randomBytes(32).toString('hex')}`,
        `PORTAL_SESSION_SECRET=${randomBytes(32).toString('hex')}`,
        `APP_BASE_URL=http://127.0.0.1:${port}`,
        '',
      ].join('\n'),
    );
    const composeArgs = ['compose', '-p', project, '--project-directory', dir, '-f', path.join(root, 'docker-compose.yml')];
    const compose = (...args: string[]) => execFileSync('docker', [...composeArgs, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    try {
      execFileSync('docker', ['build', '-t', image, root], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
      // Until the release step exited 0 and postgres, web and worker report healthy.
      compose('up', '-d', '--no-build', '--wait', '--wait-timeout', '300', 'web', 'worker');
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
      // The first release created the platform admin and printed its generated password once.
      const releaseLog = compose('logs', '--no-log-prefix', 'release');
      const admin = /created the platform admin ([^\s"]+)/.exec(releaseLog)?.[1];
      const password = /generated password \(shown once\): ([^\s"]+)/.exec(releaseLog)?.[1];
      expect(admin && password, releaseLog).toBeTruthy();
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin, password }),
      });
      expect(login.status).toBe(200);
      // The release step again (as an upgrade runs it) applies nothing and creates no admin.
      const again = compose('run', '--rm', '-T', '--no-deps', 'release');
      expect(again).toContain('database migrated');
      expect(again).not.toContain('created the platform admin');
    } finally {
      spawnSync('docker', [...composeArgs, 'down', '-v'], { stdio: 'ignore' });
      spawnSync('docker', ['image', 'rm', image], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    }
  }, 45 * 60_000);
});
