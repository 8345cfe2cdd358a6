import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * The deployment files are wired to each other by names, ports and paths that no tool checks
 * before a cluster rejects them (or, worse, accepts them and routes nowhere). These tests do.
 */

const repoRoot = path.resolve(__dirname, '../..');
const k8sDir = path.join(repoRoot, 'infra/k8s');

// Parsed YAML: its shape is exactly what these tests assert, so it is not typed up front.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Yaml = any;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Yaml;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  file: string;
}

function parseYamlFile(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  return documents.map((document) => {
    if (document.errors.length > 0) {
      throw new Error(
        `${path.relative(repoRoot, file)}: ${document.errors.map((e) => e.message).join('; ')}`,
      );
    }
    return document.toJS();
  });
}

const manifestFiles = readdirSync(k8sDir)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => path.join(k8sDir, name));
const manifests: Manifest[] = manifestFiles.flatMap((file) =>
  parseYamlFile(file)
    .filter((document) => document !== null)
    .map((document) => ({ ...(document as Omit<Manifest, 'file'>), file: path.basename(file) })),
);

function only(kind: string, predicate: (m: Manifest) => boolean = () => true): Manifest {
  const found = manifests.filter((m) => m.kind === kind && predicate(m));
  if (found.length !== 1) throw new Error(`expected exactly one ${kind}, found ${found.length}`);
  return found[0];
}

const deployments = manifests.filter((m) => m.kind === 'Deployment');
const apiDeployment = only(
  'Deployment',
  (m) => m.metadata.labels?.['app.kubernetes.io/component'] === 'api',
);
const workerDeployment = only(
  'Deployment',
  (m) => m.metadata.labels?.['app.kubernetes.io/component'] === 'worker',
);
const apiContainer = apiDeployment.spec.template.spec.containers[0];
const workerContainer = workerDeployment.spec.template.spec.containers[0];
const service = only('Service');

/** A probe or Service port may be a number or the name of one of the container's ports. */
function containerPortNumber(container: Yaml, port: number | string): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

const API_ENTRYPOINT = 'backend/dist/backend/src/main.js';
const WORKER_ENTRYPOINT = 'backend/dist/backend/src/worker.js';

/** `backend/dist/backend/src/x.js` is tsc's output for `backend/src/x.ts` (rootDir is the repo root). */
function sourceOf(entrypoint: string): string {
  return path.join(repoRoot, entrypoint.replace('backend/dist/', '').replace(/\.js$/, '.ts'));
}

describe('Kubernetes manifests', () => {
  it('parses every YAML file and every document names its apiVersion, kind and metadata.name', () => {
    expect(manifestFiles.length).toBeGreaterThan(0);
    for (const manifest of manifests) {
      expect({
        file: manifest.file,
        apiVersion: typeof manifest.apiVersion,
        kind: typeof manifest.kind,
        name: typeof manifest.metadata?.name,
      }).toEqual({
        file: manifest.file,
        apiVersion: 'string',
        kind: 'string',
        name: 'string',
      });
    }
    const ids = manifests.map((m) => `${m.kind}/${m.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs the api and the worker from the same image, the worker with the worker entrypoint', () => {
    expect(deployments).toHaveLength(2);
    expect(apiContainer.image).toMatch(/^[^:]+:[\w.-]+$/);
    expect(apiContainer.image).not.toMatch(/:latest$/);
    expect(workerContainer.image).toBe(apiContainer.image);
    expect(apiContainer.command).toBeUndefined(); // the image's CMD starts the API
    expect(workerContainer.command).toEqual(['node', WORKER_ENTRYPOINT]);
    expect(existsSync(sourceOf(WORKER_ENTRYPOINT))).toBe(true);
  });

  it('selects its own pods in every Deployment', () => {
    for (const deployment of deployments) {
      expect(deployment.spec.template.metadata.labels).toMatchObject(
        deployment.spec.selector.matchLabels,
      );
    }
  });

  it('probes the api with GET /api/health/live (ready while it serves: a worker restarting or a lagging read model degrades, never empties the Service), on the container port 3000', () => {
    // Readiness fails on a lagging read model or a missing service: restarting would not fix
    // those, so liveness (and start-up, which gates it) only ask whether the process answers.
    expect(apiContainer.readinessProbe?.httpGet?.path).toBe('/api/health/live');
    expect(apiContainer.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    expect(apiContainer.startupProbe?.httpGet?.path).toBe('/api/health/live');
    for (const probe of [
      apiContainer.livenessProbe,
      apiContainer.readinessProbe,
      apiContainer.startupProbe,
    ]) {
      expect(containerPortNumber(apiContainer, probe.httpGet.port)).toBe(3000);
    }
  });

  it('restarts a worker whose event loop stalls: its liveness probe fails once the file it rewrites every second is 30 s old', () => {
    const aliveFile = workerContainer.env.find(
      (variable: { name: string }) => variable.name === 'WORKER_ALIVE_FILE',
    )?.value;
    // The root filesystem is read-only: the file must be on a mounted volume.
    expect(
      workerContainer.volumeMounts.some((mount: { mountPath: string }) =>
        aliveFile.startsWith(`${mount.mountPath}/`),
      ),
    ).toBe(true);
    const probe = workerContainer.livenessProbe;
    expect(probe.periodSeconds * probe.failureThreshold).toBeLessThanOrEqual(120);
    const folder = mkdtempSync(path.join(tmpdir(), 'vira-probe-'));
    try {
      const file = path.join(folder, 'alive');
      const [program, ...args] = probe.exec.command;
      const probeSays = () =>
        spawnSync(program === 'node' ? process.execPath : program, args, {
          env: { ...process.env, WORKER_ALIVE_FILE: file },
        }).status;
      expect(probeSays()).not.toBe(0); // no file yet
      writeFileSync(file, 'now');
      expect(probeSays()).toBe(0);
      const aMinuteAgo = new Date(Date.now() - 60_000);
      utimesSync(file, aMinuteAgo, aMinuteAgo);
      expect(probeSays()).not.toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('runs both Deployments as a non-root user', () => {
    for (const deployment of deployments) {
      const podSecurity = deployment.spec.template.spec.securityContext;
      expect(podSecurity.runAsNonRoot).toBe(true);
      expect(podSecurity.runAsUser).toBeGreaterThan(0);
    }
  });

  it('gives every container resource requests and memory limits', () => {
    for (const container of [apiContainer, workerContainer]) {
      expect(container.resources.requests).toEqual(
        expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
      );
      expect(container.resources.limits.memory).toBeDefined();
    }
  });

  it('routes the Service to the api pods on the container port', () => {
    expect(service.spec.type ?? 'ClusterIP').toBe('ClusterIP');
    expect(apiDeployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(workerDeployment.spec.template.metadata.labels).not.toMatchObject(service.spec.selector);
    expect(service.spec.ports).toHaveLength(1);
    const [port] = service.spec.ports;
    expect(port.port).toBe(80);
    expect(containerPortNumber(apiContainer, port.targetPort)).toBe(3000);
  });

  it('scales the api Deployment with the HorizontalPodAutoscaler (2 to 10 at 70% CPU)', () => {
    const hpa = only('HorizontalPodAutoscaler');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: apiDeployment.metadata.name,
    });
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([2, 10]);
    expect(hpa.spec.metrics).toContainEqual({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
    });
    expect(apiContainer.resources.requests.cpu).toBeDefined(); // utilisation is relative to it
  });

  it('sends every Ingress path to the Service on one of its ports', () => {
    const ingress = only('Ingress');
    const paths = ingress.spec.rules.flatMap((rule: Yaml) => rule.http.paths);
    expect(ingress.spec.rules[0].host).toBe('vira.example.com');
    expect(paths).toContainEqual(expect.objectContaining({ path: '/', pathType: 'Prefix' }));
    for (const { backend } of paths) {
      expect(backend.service.name).toBe(service.metadata.name);
      const servicePort = service.spec.ports.find(
        (p: { name?: string; port: number }) =>
          p.name === backend.service.port.name || p.port === backend.service.port.number,
      );
      expect(servicePort).toBeDefined();
    }
    expect(
      Number(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThan(60);
  });

  it('defines the ConfigMaps and Secrets that the Deployments read, with every required key', () => {
    for (const container of [apiContainer, workerContainer]) {
      for (const source of container.envFrom) {
        if (source.configMapRef)
          expect(
            only('ConfigMap', (m) => m.metadata.name === source.configMapRef.name),
          ).toBeDefined();
        if (source.secretRef)
          expect(only('Secret', (m) => m.metadata.name === source.secretRef.name)).toBeDefined();
      }
      expect(container.envFrom.some((source: Yaml) => source.configMapRef)).toBe(true);
      expect(container.envFrom.some((source: Yaml) => source.secretRef)).toBe(true);
    }
    const configMap = only('ConfigMap');
    expect(Object.keys(configMap.data ?? {}).sort()).toEqual([
      'APP_TIME_ZONE',
      'HOST',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
      'REDIS_PREFIX',
      'TRUST_PROXY',
    ]);
    expect(configMap.data?.NODE_ENV).toBe('production');
    // The app binds loopback by default: in a pod it must listen where the Service sends traffic.
    expect(configMap.data?.HOST).toBe('0.0.0.0');
    expect(containerPortNumber(apiContainer, 'http')).toBe(Number(configMap.data?.PORT));
    const secret = only('Secret');
    expect(secret.file).toMatch(/\.example\.ya?ml$/);
    expect(Object.keys(secret.stringData ?? {}).sort()).toEqual([
      'DATABASE_URL',
      'JWT_SECRET',
      'PERSONAL_DATA_KEY',
      'PIX_SECRETS_KEY',
      'REDIS_URL',
    ]);
    expect(secret.stringData?.JWT_SECRET).toMatch(/CHANGE_ME/);
    expect(secret.stringData?.PIX_SECRETS_KEY).toMatch(/CHANGE_ME/);
    expect(secret.stringData?.PERSONAL_DATA_KEY).toMatch(/CHANGE_ME/);
  });
});

describe('docker-compose.yml', () => {
  const [compose] = parseYamlFile(path.join(repoRoot, 'docker-compose.yml')) as [Yaml];
  const { api, worker, postgres, redis } = compose.services;

  it('builds the api and the worker from the same Dockerfile into the same image', () => {
    expect(api.build).toEqual({ context: '.', dockerfile: 'infra/Dockerfile' });
    expect(worker.build).toEqual(api.build);
    expect(worker.image).toBe(api.image);
    expect(api.image).toBe(apiContainer.image);
    expect(existsSync(path.join(repoRoot, api.build.context, api.build.dockerfile))).toBe(true);
  });

  it('runs worker.js in the worker and serves the api on port 3000', () => {
    expect(worker.command).toEqual(['node', WORKER_ENTRYPOINT]);
    expect(api.command).toBeUndefined();
    expect(api.ports).toContain('127.0.0.1:3000:3000');
    expect(worker.healthcheck).toEqual({ disable: true });
  });

  it('points the app at the compose postgres and redis and waits for them to be healthy', () => {
    for (const service of [api, worker]) {
      expect(service.environment.DATABASE_URL).toBe('postgres://vira:vira@postgres:5432/vira');
      expect(service.environment.REDIS_URL).toBe('redis://redis:6379');
      expect(service.environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
      expect(service.environment.PIX_SECRETS_KEY).toMatch(/^\$\{PIX_SECRETS_KEY:\?.+\}$/);
      expect(service.environment.PERSONAL_DATA_KEY).toMatch(/^\$\{PERSONAL_DATA_KEY:\?.+\}$/);
      expect(service.environment.HOST).toBe('0.0.0.0');
      expect(service.depends_on.postgres).toEqual({ condition: 'service_healthy' });
      expect(service.depends_on.redis).toEqual({ condition: 'service_healthy' });
    }
    expect(postgres.image).toBe('postgres:17');
    expect(postgres.environment).toMatchObject({
      POSTGRES_USER: 'vira',
      POSTGRES_PASSWORD: 'vira',
      POSTGRES_DB: 'vira',
    });
    expect(postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(redis.image).toBe('redis:7');
    expect(redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });
});

describe('infra/Dockerfile', () => {
  const instructions = readFileSync(path.join(repoRoot, 'infra/Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  const runtime = instructions.slice(lastFrom);

  it('builds in several stages and runs on node 22 slim', () => {
    expect(instructions.filter((i) => i.keyword === 'FROM').length).toBeGreaterThanOrEqual(3);
    expect(
      instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_IMAGE='))?.args,
    ).toBe('NODE_IMAGE=node:22-bookworm-slim');
  });

  it('runs the final stage as a non-root user', () => {
    const user = runtime.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
  });

  it('installs only production dependencies in the final stage and starts the API by default', () => {
    expect(runtime.some((i) => i.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))).toBe(
      true,
    );
    expect(runtime.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(
      true,
    );
    // The app binds loopback by default; a container must listen on its own interface.
    expect(runtime.some((i) => i.keyword === 'ENV' && /^HOST=0\.0\.0\.0$/.test(i.args))).toBe(true);
    expect(runtime.find((i) => i.keyword === 'EXPOSE')?.args).toBe('3000');
    expect(JSON.parse(runtime.find((i) => i.keyword === 'CMD')!.args)).toEqual([
      'node',
      API_ENTRYPOINT,
    ]);
    expect(existsSync(sourceOf(API_ENTRYPOINT))).toBe(true);
    // Exec form (slim images have no curl): the part after CMD must be a JSON array run by node.
    const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK')!.args;
    const [program, flag, script] = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4));
    expect([program, flag]).toEqual(['node', '-e']);
    expect(script).toContain('/api/health');
  });

  it('ships the built backend and SPA into the final stage', () => {
    const copied = runtime
      .filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from=build'))
      .map((i) => i.args);
    expect(copied).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/app/backend/dist'),
        expect.stringContaining('/app/frontend/dist'),
      ]),
    );
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, local data and git out of the build context', () => {
    const patterns = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    for (const required of ['node_modules', 'dist', '.data']) {
      expect(patterns.some((p) => p === required || p === `**/${required}`)).toBe(true);
    }
    expect(patterns).toEqual(expect.arrayContaining(['.git', 'test-results']));
  });
});
