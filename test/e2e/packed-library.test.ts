// The package as a team gets it: `npm pack`, installed from the tarball into a fresh project with
// no registry; the library compiled with TypeScript strict + nodenext and run against the emulator,
// and the command run from the install and with npx. The action that runs the command in CI is
// test/e2e/action.test.ts.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { customerIdOf } from '../support/billing-fixtures.js';
import {
  APP_SOURCE,
  APP_TSCONFIG,
  compileApp,
  OFFLINE_NPM,
  publicDeclarations,
  run,
  writeOfflineApp,
} from '../support/packed-app.js';
import { ROOT } from '../support/run-cli.js';

const NPM = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const npm = (args: string[], cwd: string) =>
  run(NPM[0] as string, [...NPM.slice(1), ...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd });

/** The server example of docs/library.md, so what it shows compiles against what we ship. */
function libraryExample(page: string): string {
  const block = page.match(
    /<!-- library-example:start -->\n```ts\n([\s\S]*?)```\n<!-- library-example:end -->/,
  );
  if (!block?.[1]) throw new Error('docs/library.md has no library example between its markers');
  return block[1];
}

/** The README's tarball install: where it copies the tarball, and the path it installs from. */
function readmeTarballInstall(readme: string): { copiedTo?: string; installed?: string } {
  return {
    copiedTo: /^mkdir -p vendor && cp \S+\/(paddle-catalog-\S+\.tgz) vendor\/ /m.exec(readme)?.[1],
    installed: /^npm install --save-dev \.\/(vendor\/paddle-catalog-\S+\.tgz) /m.exec(readme)?.[1],
  };
}

const NPX = process.env.npm_execpath
  ? [process.execPath, join(dirname(process.env.npm_execpath), 'npx-cli.js')]
  : ['npx'];
/** `npx paddle-catalog …` in the app, with no registry: npx must find the installed command. */
const npx = (args: string[]) =>
  run(NPX[0] as string, [...NPX.slice(1), '--no', '--', 'paddle-catalog', ...args], {
    cwd: app,
    env: { ...process.env, ...OFFLINE_NPM },
  });

let dir: string;
let app: string;
let packed: { filename: string; files: { path: string }[] };
const install = readmeTarballInstall(await readFile(join(ROOT, 'README.md'), 'utf8'));
let compiled: string;
let emulator: RunningEmulator;
/** `npx paddle-catalog plan --local` on an example catalog the package ships, started before the compile. */
let npxPlan: Promise<{ stdout: string }>;

/** A run whose failure is its test's finding: awaited there, and not an unhandled rejection before. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The app's own files: its tsconfig, its sources and a catalog with a mistake. */
async function writeAppFiles(): Promise<void> {
  await writeFile(join(app, 'tsconfig.json'), JSON.stringify(APP_TSCONFIG, null, 2));
  await writeFile(join(app, 'app.ts'), APP_SOURCE);
  await writeFile(
    join(app, 'server.ts'),
    libraryExample(await readFile(join(ROOT, 'docs/library.md'), 'utf8')),
  );
  await writeFile(
    join(app, 'bad.yaml'),
    'version: 1\nproducts:\n  pro:\n    name: Pro\n    tax_category: saaas\n',
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paddle-catalog-pack-'));
  app = join(dir, 'app');
  // As the README says, the tarball goes into the project's vendor/ and is installed from there.
  const vendor = join(app, 'vendor');
  await mkdir(vendor, { recursive: true });
  // dist/ is fresh: the suite's global setup built it; --ignore-scripts skips a second build.
  const [pack] = await Promise.all([
    npm(['pack', '--json', '--ignore-scripts', '--pack-destination', vendor], ROOT),
    writeAppFiles(),
    startEmulator().then((running) => {
      emulator = running;
    }),
  ]);
  const [summary] = JSON.parse(pack.stdout);
  packed = summary;
  await writeOfflineApp(app, install.installed ?? `vendor/${summary.filename}`, ['@types/node']);
  await npm(['ci', '--offline'], app);
  // the compile holds this thread for seconds: the command's process runs beside it
  npxPlan = started(
    npx(['--json', 'plan', 'node_modules/paddle-catalog/catalogs/saas-starter.yaml', '--local']),
  );
  // A compile error is the finding of the test below, not a crash of the set-up that hides it.
  compiled = compileApp(app);
}, 180_000);

afterAll(async () => {
  await emulator?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Real processes (the app, npx): bounded by them, with room for a second test
// run on the same cores.
describe('the packed library in a fresh app', { timeout: 60_000 }, () => {
  it('ships the built code with its types, the bin, the example catalogs and the saved plan schema, and no sources or tests', () => {
    const paths = packed.files.map((file) => file.path);
    for (const path of ['dist/library/index.js', 'dist/library/index.d.ts', 'dist/library/billing.d.ts'])
      expect(paths).toContain(path);
    expect(paths).toContain('bin/paddle-catalog.js');
    expect(paths).toContain('catalogs/saas-starter.yaml');
    // every finding names a rule id that this page explains; the README links to it and to the
    // other pages of docs/
    expect(paths).toContain('docs/rules.md');
    expect(paths).toContain('docs/catalog.md');
    // the saved plan's JSON Schema, for editors and for checking a plan file before apply
    expect(paths).toContain('docs/plan-file.schema.json');
    expect(paths.filter((path) => /^(src|test)\//.test(path))).toEqual([]);
    // source maps would point at src/, which is not shipped
    expect(paths.filter((path) => path.endsWith('.map'))).toEqual([]);
  });

  it('documents its types in our own words: no hover text cites a document users do not have', async () => {
    const declarations = await publicDeclarations(join(app, 'node_modules/paddle-catalog'), [
      'dist/library/index.d.ts',
      'dist/library/billing.d.ts',
    ]);
    expect(declarations.size).toBeGreaterThan(5);
    const citing = [...declarations].flatMap(([file, text]) =>
      text
        .split('\n')
        .filter((line) => /§|\bthe seed\b|\bseed §/i.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(citing).toEqual([]);
  });

  it('compiles with strict and nodenext, and so does the server example of docs/library.md', () => {
    expect(compiled).toBe('');
  });

  it('validates a catalog and shows a billing history through the two entry points only', async () => {
    const { stdout } = await run(process.execPath, ['out/app.js'], {
      cwd: app,
      env: {
        ...process.env,
        CATALOG: join(ROOT, 'catalogs/saas-starter.yaml'),
        BAD_CATALOG: join(app, 'bad.yaml'),
        PADDLE_API_URL: emulator.url,
        PADDLE_API_KEY: emulator.apiKey,
        WEBHOOK_SECRET: 'pdl_ntfset_01hv8wptq8987qeep44cyrewp9_secret',
        CUSTOMER_ID: await customerIdOf(emulator, 'demo@example.com'),
      },
    });
    const result = JSON.parse(stdout);
    expect(result.exports).toEqual({
      root: ['validateCatalogFile'],
      billing: [
        'FORBIDDEN',
        'InMemoryCustomerMirror',
        'NOT_AUTHENTICATED',
        'NO_BILLING_CUSTOMER',
        'defaultCacheDir',
        'directoryMirror',
        'findCustomerByEmail',
        'getBillingHistory',
        'getInvoiceUrl',
        'paddleClient',
        'paddleCustomerDirectory',
        'paddleSignatureCheck',
        'paddleTransactionsGateway',
        'remoteCurrencies',
      ],
    });
    expect(result.valid).toEqual({ ok: true, issues: [] });
    expect(result.invalid.ok).toBe(false);
    expect(result.invalid.issues[0]).toMatchObject({
      path: 'products.pro.tax_category',
      line: 5,
      severity: 'error',
    });
    expect([result.forged, result.delivery]).toEqual(['rejected', 'recorded']);
    expect(result.history.items).toHaveLength(10);
    expect(result.history.hasMore).toBe(true);
    expect(Object.keys(result.history.items[0]).sort()).toEqual(
      ['amount', 'billedAt', 'id', 'invoiceAvailable', 'status', 'tax'].sort(),
    );
    expect(result.invoice.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const customerId = await customerIdOf(emulator, 'demo@example.com');
    expect(result.directoryId).toBe(customerId);
    expect(result.customer).toEqual({ id: customerId, email: 'demo@example.com', status: 'active' });
    expect(result.deepImport).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});

describe('the packed command in a project, as the README installs it', { timeout: 60_000 }, () => {
  it("the README copies the tarball into the project's vendor/ and installs it from there, so npm ci finds it anywhere", () => {
    expect(install).toEqual({ copiedTo: packed.filename, installed: `vendor/${packed.filename}` });
  });

  it("npm warns once about the tarball's prepare script, in the README's words, and npm ci does not repeat it", async () => {
    // a project of its own: the app's node_modules stay as the other tests use them
    const project = join(dir, 'warned');
    await mkdir(join(project, 'vendor'), { recursive: true });
    await copyFile(join(app, install.installed as string), join(project, install.installed as string));
    await writeFile(join(project, 'package.json'), '{"name": "warned", "private": true}\n');
    const npmHere = (args: string[]) =>
      run(
        NPM[0] as string,
        [...NPM.slice(1), ...args, '--offline', '--no-audit', '--no-fund', '--loglevel=warn'],
        {
          cwd: project,
          env: { ...process.env, ...OFFLINE_NPM },
        },
      );
    // npm before 11 has no allowScripts and says nothing
    const major = Number((await npmHere(['--version'])).stdout.split('.')[0]);
    if (major < 11) return;
    const added = await npmHere(['install', '--save-dev', `./${install.installed}`]);
    const warned = added.stderr.split('\n').filter((line) => line.includes('paddle-catalog@'));
    expect(warned).toEqual([expect.stringContaining('npm warn install-scripts')]);
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(warned[0]?.trimEnd());
    expect((await npmHere(['ci'])).stderr).not.toContain('install-scripts');
  }, 180_000);

  it('npx finds the installed command in the project folder, and it plans an example catalog it ships against its own emulator', async () => {
    const plan = await npxPlan;
    const doc = JSON.parse(plan.stdout);
    expect(doc).toMatchObject({ ok: true, environment: 'sandbox' });
    expect(doc.summary.create).toBeGreaterThan(0);
  });
});
