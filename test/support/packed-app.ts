// A fresh app that installs paddle-catalog from the tarball `npm pack` makes, with no registry:
// its lockfile is cut from ours (the packages the tarball depends on, plus @types/node), so
// `npm ci --offline` takes every package from the npm cache that our own `npm ci` filled.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './run-cli.js';

export const run = promisify(execFile);

/** npm in a child with no registry: nothing fetched, no update check. */
export const OFFLINE_NPM = { npm_config_offline: 'true', npm_config_update_notifier: 'false' };

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}
type LockPackages = Record<string, LockEntry>;

/** npm's own resolution: the nearest node_modules/<name> from `from` upwards. */
function resolveIn(packages: LockPackages, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const path = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[path]) return path;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** The lock paths of `roots` and everything they depend on. */
function closure(packages: LockPackages, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const entry = packages[path] ?? {};
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolveIn(packages, path, name);
      if (found) visit(found);
      else if (!entry.optionalDependencies?.[name])
        throw new Error(`${name} (needed by ${path}) is not in the lockfile`);
    }
  };
  for (const root of roots) {
    const found = resolveIn(packages, '', root);
    if (!found) throw new Error(`${root} is not in the lockfile`);
    visit(found);
  }
  return seen;
}

const withoutFlags = ({ dev: _dev, peer: _peer, devOptional: _devOptional, ...entry }: LockEntry) => entry;

/** Writes package.json and package-lock.json of an app that depends on `tarball` (a path relative to `appDir`). */
export async function writeOfflineApp(
  appDir: string,
  tarball: string,
  appDependencies: string[],
): Promise<void> {
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8'));
  const packages: LockPackages = lock.packages;
  const spec = `file:${tarball}`;
  const versionOf = (name: string) => packages[`node_modules/${name}`]?.version ?? '*';
  const dependencies = {
    'paddle-catalog': spec,
    ...Object.fromEntries(appDependencies.map((name) => [name, versionOf(name)])),
  };
  const app: LockPackages = {
    '': { name: 'app', dependencies },
    'node_modules/paddle-catalog': {
      version: ours.version,
      resolved: spec,
      license: ours.license,
      dependencies: ours.dependencies,
      bin: ours.bin,
      engines: ours.engines,
    },
  };
  for (const path of closure(packages, [...Object.keys(ours.dependencies), ...appDependencies]))
    app[path] = withoutFlags(packages[path] ?? {});
  const manifest = { name: 'app', private: true, type: 'module', dependencies };
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(
    join(appDir, 'package-lock.json'),
    `${JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages: app }, null, 2)}\n`,
  );
}

/** What an app's tsconfig says when it is as strict as TypeScript gets about modules. */
export const APP_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    verbatimModuleSyntax: true,
    noEmitOnError: true,
    types: ['node'],
    outDir: 'out',
  },
  include: ['app.ts', 'server.ts'],
};

/**
 * The app: imports both entry points as an app would, fills the mirror from a signed
 * customer.created delivery (signed here, as Paddle would, a moment before it is received: the
 * SDK refuses deliveries older than five seconds), then prints what it got as one JSON document.
 */
export const APP_SOURCE = `
import { createHmac } from 'node:crypto';
import * as root from 'paddle-catalog';
import { type ValidationResult, validateCatalogFile } from 'paddle-catalog';
import * as billing from 'paddle-catalog/billing';
import {
  type BillingDeps,
  type BillingHistoryResult,
  directoryMirror,
  findCustomerByEmail,
  getBillingHistory,
  getInvoiceUrl,
  InMemoryCustomerMirror,
  type InvoiceUrlResult,
  paddleClient,
  paddleCustomerDirectory,
  paddleSignatureCheck,
  paddleTransactionsGateway,
  remoteCurrencies,
} from 'paddle-catalog/billing';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(name + ' is not set');
  return value;
}

const valid: ValidationResult = await validateCatalogFile(env('CATALOG'));
const invalid = await validateCatalogFile(env('BAD_CATALOG'), { environment: 'production' });

const paddle = paddleClient({ apiKey: env('PADDLE_API_KEY'), baseUrl: env('PADDLE_API_URL') });
const secret = env('WEBHOOK_SECRET');
const mirror = new InMemoryCustomerMirror(paddleSignatureCheck(secret));
const body = JSON.stringify({
  event_id: 'evt_01hv8wptq8987qeep44cyrewp9',
  event_type: 'customer.created',
  occurred_at: new Date().toISOString(),
  notification_id: 'ntf_01hv8wptq8987qeep44cyrewp9',
  data: { id: env('CUSTOMER_ID'), email: 'demo@example.com', status: 'active' },
});
// signed as each delivery is made: the SDK refuses a signature older than 5 s, and a loaded machine
// can stall that long between two awaits
const now = () => Math.floor(Date.now() / 1000);
const signed = (ts: number) => 'ts=' + ts + ';h1=' + createHmac('sha256', secret).update(ts + ':' + body).digest('hex');
const forged = await mirror.receive(body, 'ts=' + now() + ';h1=' + '0'.repeat(64));
const delivery = await mirror.receive(body, signed(now()));

const deps: BillingDeps = {
  getUser: () => ({ email: 'demo@example.com' }),
  customers: mirror,
  transactions: paddleTransactionsGateway(paddle),
  acceptLanguage: 'en-US',
  currencies: remoteCurrencies({ baseUrl: env('PADDLE_API_URL'), cacheDir: null }),
};
const history: BillingHistoryResult = await getBillingHistory(deps);
const first = 'items' in history ? history.items[0] : undefined;
const invoice: InvoiceUrlResult | null = first ? await getInvoiceUrl(deps, { transactionId: first.id }) : null;
const directory = paddleCustomerDirectory(paddle);
const directoryId = await directoryMirror(directory).findCustomerIdByEmail('DEMO@example.com');
const customer = await findCustomerByEmail(directory, 'demo@example.com');

const internal: string = 'paddle-catalog/dist/billing/history.js';
const deepImport = await import(internal).then(
  () => 'allowed',
  (error: { code?: string }) => error.code ?? 'failed',
);

console.log(JSON.stringify({
  exports: { root: Object.keys(root).sort(), billing: Object.keys(billing).sort() },
  valid,
  invalid,
  forged,
  delivery,
  history,
  invoice,
  directoryId,
  customer,
  deepImport,
}));
`;

/** The .d.ts files an app's compiler reads from the package: the entry points' and all they import. */
export async function publicDeclarations(
  packageDir: string,
  entries: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const queue = entries.map((entry) => join(packageDir, entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (found.has(file)) continue;
    const text = await readFile(file, 'utf8');
    found.set(file.slice(packageDir.length + 1), text);
    for (const [, relative] of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g))
      queue.push(join(dirname(file), `${relative}.d.ts`));
  }
  return found;
}

const typescript = (): typeof import('typescript') => createRequire(import.meta.url)('typescript');

/**
 * TypeScript's own lib files (lib.es2022.d.ts, lib.dom.d.ts…), parsed once for every compile of the
 * test worker: they are the same for every app, and parsing them is most of a small app's compile
 * (about a second of CPU). TypeScript's document registry is what its language service shares them
 * with: it keeps a parse for each setting that changes what a parse is.
 */
let libFiles: { directory: string; registry: import('typescript').DocumentRegistry } | undefined;

/** A compiler host that reads the lib files from the worker's shared parse. */
function sharingLibFiles(options: import('typescript').CompilerOptions): import('typescript').CompilerHost {
  const ts = typescript();
  libFiles ??= {
    directory: dirname(ts.getDefaultLibFilePath(options)),
    registry: ts.createDocumentRegistry(),
  };
  const { directory, registry } = libFiles;
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (dirname(fileName) !== directory) return read(fileName, languageVersion, onError, shouldCreate);
    const text = ts.sys.readFile(fileName);
    if (text === undefined) return read(fileName, languageVersion, onError, shouldCreate);
    const snapshot = ts.ScriptSnapshot.fromString(text);
    return registry.acquireDocument(fileName, options, snapshot, '1', ts.ScriptKind.TS, languageVersion);
  };
  return host;
}

/**
 * `tsc -p dir` as a project's compiler sees it, in this process: every error of the project's own
 * files and of paddle-catalog's declarations when it is installed (our .d.ts files, each checked
 * whole with all they refer to in the SDK and @types/node); then the project emitted to its outDir
 * (unless noEmit) only when there was none. The SDK's, Node's and TypeScript's own declarations are
 * not checked for errors of their own, as skipLibCheck would not check them; unlike skipLibCheck,
 * ours still are (skipLibCheck would let a broken import in them pass as `any`). That saves two
 * thirds of the packed app's compile: the SDK ships 779 declaration files. Returns the errors as
 * tsc prints them, empty when it compiled.
 */
export function compileApp(appDir: string): string {
  const ts = typescript();
  const config = ts.getParsedCommandLineOfConfigFile(join(appDir, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${appDir}/tsconfig.json could not be read`);
  // noEmitOnError would check every file before emitting: it is held below instead
  const options = { ...config.options, noEmitOnError: false };
  const program = ts.createProgram({ rootNames: config.fileNames, options, host: sharingLibFiles(options) });
  const ours = (name: string) =>
    !name.includes('/node_modules/') || name.includes('/node_modules/paddle-catalog/');
  const checked = program.getSourceFiles().filter((file) => ours(file.fileName));
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
  ];
  // emitted a file at a time: an emit of the whole program would first check every file
  const emitted = (file: string) => program.emit(program.getSourceFile(file)).diagnostics;
  if (diagnostics.length === 0) diagnostics.push(...config.fileNames.flatMap(emitted));
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => appDir,
    getNewLine: () => '\n',
  });
}
