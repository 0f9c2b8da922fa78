// `refs` over real HTTP against the emulator, on a fixture tree (a git work tree): a live id, an
// archived price, a price of an archived product, an id of the other account, an unknown id, an id
// inside a minified bundle, one in a .gitignore'd folder, a binary and a large file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { PRO_CATALOG, tempDir, writeCatalog } from '../support/catalog-files.js';
import { accountApi } from '../support/emulator.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const CATALOG = `${PRO_CATALOG()}  legacy:
    name: Legacy
    tax_category: saas
    prices:
      once:
        description: Legacy once
        unit_price: { amount: "500", currency_code: USD }
discounts:
  launch:
    description: Launch offer
    type: percentage
    amount: "10"
`;
const UNKNOWN = 'pri_01zzzzzzzzzzzzzzzzzzzzzzzz';
const IGNORED = 'pro_01yyyyyyyyyyyyyyyyyyyyyyyy';

let emulator: RunningEmulator;
let tree: string;
let sandbox: {
  products: Record<string, { id: string; prices: Record<string, { id: string }> }>;
  discounts: Record<string, { id: string }>;
};
let customer: string;
let production: typeof sandbox;
const env = (extra: Record<string, string> = {}) => ({
  PADDLE_API_URL: emulator.url,
  PADDLE_API_KEY: emulator.apiKey,
  ...extra,
});

const api = (method: string, path: string, body?: unknown) => accountApi(emulator)(method, path, body);

async function apply(file: string, production = false) {
  const args = ['--json', 'apply', file, '--yes', ...(production ? ['--production'] : [])];
  const key = production ? emulator.liveApiKey : emulator.apiKey;
  const result = await runCliInProcess(args, { env: env({ PADDLE_API_KEY: key }) });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const write = (path: string, text: string | Buffer) => {
  mkdirSync(join(tree, path, '..'), { recursive: true });
  writeFileSync(join(tree, path), text);
};

beforeAll(async () => {
  emulator = await startEmulator();
  const dir = tempDir();
  const file = writeCatalog(dir, CATALOG);
  sandbox = await apply(file);
  production = await apply(file, true);
  // archived by hand in the dashboard: the yearly price, and the legacy product (its price stays active)
  await api('PATCH', `/prices/${sandbox.products.pro?.prices.yearly?.id}`, { status: 'archived' });
  await api('PATCH', `/products/${sandbox.products.legacy?.id}`, { status: 'archived' });
  customer = (await api('POST', '/customers', { email: 'refs@example.com' })).id;

  tree = tempDir();
  execFileSync('git', ['init', '-q', tree]);
  const live = sandbox.products.pro?.prices.monthly?.id;
  write('src/checkout.ts', `export const MONTHLY = '${live}';\n`);
  write('src/plans.ts', `// yearly\nexport const YEARLY = "${sandbox.products.pro?.prices.yearly?.id}";\n`);
  write('config/live.json', `{\n  "price": "${production.products.pro?.prices.monthly?.id}"\n}\n`);
  write('src/legacy.ts', `const OLD = '${UNKNOWN}';\n`);
  write(
    'src/billing.ts',
    `const TEST_CUSTOMER = '${customer}';\nconst PROMO = '${sandbox.discounts.launch?.id}';\n`,
  );
  const filler = 'var a=1;'.repeat(500);
  write(
    'public/bundle.min.js',
    `${filler}fetchCheckout("${sandbox.products.legacy?.prices.once?.id}");${filler}\n`,
  );
  write('.gitignore', 'ignored/\n');
  write('ignored/old.ts', `'${IGNORED}'\n`);
  write('assets/logo.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x00, 0x00]), Buffer.from(UNKNOWN)]));
  write('data/dump.sql', `${'x'.repeat(4 * 1024 * 1024)}${UNKNOWN}\n`);
});
afterAll(() => emulator.close());

const refs = (args: string[] = [], extra: Record<string, string> = {}) =>
  runCliInProcess(['--json', 'refs', ...args], { env: env(extra), cwd: tree });

describe('refs on a fixture tree', () => {
  it('reports each problem at file:line:col, skips ignored, binary and large files, exit 1', async () => {
    const before = emulator.requests().length;
    const result = await refs([], { PADDLE_PRODUCTION_API_KEY: emulator.liveApiKey });
    expect(result.code, result.stderr).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.error).toEqual({
      kind: 'invalid-references',
      message: expect.stringMatching(/^4 problems in \d+ checked ids \(sandbox\)$/),
    });
    const bundleColumn = 'var a=1;'.length * 500 + 'fetchCheckout("'.length + 1;
    expect(doc.problems).toEqual([
      expect.objectContaining({
        file: 'config/live.json',
        line: 2,
        column: 13,
        problem: 'other-environment',
        owner: 'pro/monthly',
      }),
      expect.objectContaining({
        file: 'public/bundle.min.js',
        line: 1,
        column: bundleColumn,
        problem: 'product-archived',
        owner: 'legacy/once',
      }),
      expect.objectContaining({
        file: 'src/legacy.ts',
        line: 1,
        column: 14,
        id: UNKNOWN,
        problem: 'unknown-id',
      }),
      expect.objectContaining({
        file: 'src/plans.ts',
        line: 2,
        column: 24,
        problem: 'archived',
        owner: 'pro/yearly',
      }),
    ]);
    expect(doc.problems[0].message).toBe(
      `${production.products.pro?.prices.monthly?.id} is a production id (price pro/monthly), not in the sandbox account`,
    );
    expect(doc.problems[2].message).toContain(
      'is in neither account: not in sandbox, nor in production (PADDLE_PRODUCTION_API_KEY)',
    );
    expect(doc.references).toContainEqual(
      expect.objectContaining({
        file: 'src/checkout.ts',
        verdict: 'ok',
        kind: 'price',
        owner: 'pro/monthly',
      }),
    );
    expect(doc.references).toContainEqual(
      expect.objectContaining({ id: customer, verdict: 'ok', kind: 'customer' }),
    );
    expect(doc.references).toContainEqual(
      expect.objectContaining({
        file: 'src/billing.ts',
        line: 2,
        verdict: 'ok',
        kind: 'discount',
        owner: 'launch',
      }),
    );
    expect(doc.references.map((r: { id: string }) => r.id)).not.toContain(IGNORED);
    expect(doc.files).toEqual({ scanned: 7, skipped: { binary: 1, large: 1, other: 0, plans: 0 } });
    // one batched request per kind and account, never one per id
    const lookups = emulator.requests().slice(before);
    expect(lookups.map((r) => r.path).sort()).toEqual(['/customers', '/discounts', '/prices', '/prices']);
    expect(lookups.find((r) => r.path === '/prices')?.query.id?.split(',')).toHaveLength(5);
    expect(doc.calls).toBe(4);
    expect(`${result.stdout}${result.stderr}`).not.toContain(emulator.liveApiKey);
  });

  it('human output: file:line:col lines, the summary, and the hint when the other account cannot be asked', async () => {
    const result = await runCliInProcess(['refs'], { env: env(), cwd: tree });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `src/legacy.ts:1:14  error ${UNKNOWN} is not in the sandbox account  (unknown-id)`,
    );
    expect(result.stdout).toContain('✗ 4 problems in 7 checked ids (sandbox)');
    expect(result.stderr).toContain(
      'scanned 7 files (skipped: 1 binary, 1 over 4 MiB); 7 ids found, 3 API calls',
    );
    expect(result.stderr).toContain(
      'To tell an unknown id from a production one: set PADDLE_PRODUCTION_API_KEY',
    );
  });

  it('--ids-file tells a production id by the id file of ids', async () => {
    const dir = tempDir();
    const file = writeCatalog(dir, CATALOG);
    const ids = join(dir, 'paddle-ids.ts');
    const written = await runCliInProcess(['ids', file, '--production', '--out', ids], {
      env: env({ PADDLE_API_KEY: emulator.liveApiKey }),
    });
    expect(written.code, written.stderr).toBe(0);
    const doc = JSON.parse((await refs(['config', '--ids-file', ids])).stdout);
    expect(doc.problems).toEqual([
      expect.objectContaining({
        file: 'config/live.json',
        problem: 'other-environment',
        owner: 'pro/monthly',
      }),
    ]);
    expect(doc.other).toEqual({ environment: 'production', source: ids });
  });

  it('--ids-file that is missing, not ours, or without the other side: one line, exit 1, no call', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'mine.ts'), 'export const x = 1;\n');
    const cases: [string, string][] = [
      [join(dir, 'none.ts'), 'none.ts does not exist; nothing was checked'],
      [join(dir, 'mine.ts'), 'mine.ts has no id block written by paddle-catalog ids; nothing was checked'],
    ];
    const before = emulator.requests().length;
    for (const [file, message] of cases) {
      const result = await runCliInProcess(['refs', '--ids-file', file], { env: env(), cwd: tree });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
    }
    const sandboxOnly = join(dir, 'ids.json');
    const catalog = writeCatalog(dir, CATALOG);
    await runCliInProcess(['ids', catalog, '--out', sandboxOnly, '--allow-missing'], { env: env() });
    const result = await runCliInProcess(['refs', '--ids-file', sandboxOnly], { env: env(), cwd: tree });
    expect(result.stderr).toContain('ids.json has no production ids');
    expect(result.stderr).toContain('paddle-catalog ids <catalog> --production --out');
    expect(emulator.requests().length - before).toBe(2); // the ids run's read only
  });

  it("an id module of ids holding both sides: this side checked, the other side's ids no problem", async () => {
    const app = tempDir();
    const catalog = writeCatalog(tempDir(), CATALOG);
    const module = join(app, 'paddle-ids.ts');
    for (const production of [false, true]) {
      const written = await runCliInProcess(
        ['ids', catalog, '--out', module, '--allow-missing', ...(production ? ['--production'] : [])],
        { env: env({ PADDLE_API_KEY: production ? emulator.liveApiKey : emulator.apiKey }) },
      );
      expect(written.code, written.stderr).toBe(0);
    }
    const result = await runCliInProcess(['--json', 'refs'], { env: env(), cwd: app });
    const doc = JSON.parse(result.stdout);
    expect(result.code, result.stdout).toBe(0);
    const live = production.products.pro?.prices.monthly?.id;
    const ofLive = doc.references.filter((r: { id: string }) => r.id === live);
    // once in the JSON block, once in priceIds
    expect(ofLive).toHaveLength(2);
    expect(ofLive[0]).toMatchObject({ verdict: 'not-checked' });
    expect(doc.references).toContainEqual(
      expect.objectContaining({
        id: sandbox.products.pro?.prices.monthly?.id,
        verdict: 'ok',
        owner: 'pro/monthly',
      }),
    );
  });

  it('in GitHub Actions the problems are annotations on the diff', async () => {
    const result = await runCliInProcess(['refs', 'src'], {
      env: env({ GITHUB_ACTIONS: 'true' }),
      cwd: tree,
    });
    expect(result.stderr).toContain(
      `::error file=src/legacy.ts,line=1,col=14,title=paddle-catalog refs%3A unknown-id::${UNKNOWN} is not in the sandbox account`,
    );
    expect(result.stderr).toContain(
      '::error file=src/plans.ts,line=2,col=24,title=paddle-catalog refs%3A archived::',
    );
  });

  it('--production with PADDLE_SANDBOX_API_KEY: the sandbox ids are named as such', async () => {
    const result = await refs(['src/checkout.ts', 'config', '--production'], {
      PADDLE_API_KEY: emulator.liveApiKey,
      PADDLE_SANDBOX_API_KEY: emulator.apiKey,
    });
    const doc = JSON.parse(result.stdout);
    expect(doc.problems).toEqual([
      expect.objectContaining({
        file: 'src/checkout.ts',
        problem: 'other-environment',
        owner: 'pro/monthly',
      }),
    ]);
    expect(doc.problems[0].message).toContain(
      'is a sandbox id (price pro/monthly), not in the production account',
    );
  });

  it('a key that may not read customers: their ids are not looked up, and said so', async () => {
    const key = emulator.addApiKey(['product.read', 'price.read', 'discount.read']);
    const result = await runCliInProcess(['refs', 'src/billing.ts'], {
      env: env({ PADDLE_API_KEY: key }),
      cwd: tree,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('1 not looked up (the key lacks customer.read)');
  });

  it('a tree with only live ids exits 0; a tree without ids reads nothing', async () => {
    const ok = await refs(['src/checkout.ts']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, problems: [], calls: 1 });
    const before = emulator.requests().length;
    const none = await refs(['.gitignore']);
    expect(none.code).toBe(0);
    expect(emulator.requests().length).toBe(before);
  });

  it('outside a git repository, a plain walk (without node_modules)', async () => {
    const plain = tempDir();
    mkdirSync(join(plain, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(plain, 'node_modules', 'x', 'i.js'), `'${IGNORED}'`);
    writeFileSync(join(plain, 'app.js'), `'${UNKNOWN}'`);
    const result = await runCliInProcess(['--json', 'refs'], { env: env(), cwd: plain });
    const doc = JSON.parse(result.stdout);
    expect(doc.references.map((r: { id: string }) => r.id)).toEqual([UNKNOWN]);
  });

  it('ids are looked up 100 to a request: 250 unknown prices are 3 requests', async () => {
    const many = tempDir();
    const ids = Array.from({ length: 250 }, (_, i) => `pri_01${String(i).padStart(24, '0')}`);
    writeFileSync(join(many, 'ids.txt'), ids.join('\n'));
    const before = emulator.requests().length;
    const result = await runCliInProcess(['--json', 'refs'], { env: env(), cwd: many });
    expect(JSON.parse(result.stdout).problems).toHaveLength(250);
    expect(emulator.requests().length - before).toBe(3);
  });

  it("skips the tool's own files by what they hold: a saved plan and a review, renamed or not", async () => {
    const app = tempDir();
    onTestFinished(() => rmSync(app, { recursive: true, force: true }));
    execFileSync('git', ['init', '-q', app]);
    writeCatalog(app, CATALOG);
    const saved = await runCliInProcess(['plan', 'catalog.yaml', '--out', 'plan.json'], {
      env: env(),
      cwd: app,
    });
    expect(saved.code, saved.stderr).toBe(0);
    const review = await runCliInProcess(['plan', 'catalog.yaml', '--format', 'markdown'], {
      env: env(),
      cwd: app,
    });
    expect(review.stdout).toMatch(/pri_01/);
    writeFileSync(join(app, 'review.md'), review.stdout);
    mkdirSync(join(app, 'notes'));
    writeFileSync(join(app, 'notes', 'last-week.txt'), review.stdout);
    const result = await runCliInProcess(['--json', 'refs'], { env: env(), cwd: app });
    expect(result.code, result.stdout).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      problems: [],
      files: { scanned: 1, skipped: { plans: 3 } },
    });
  });

  it('a file name with a newline is shown escaped: it cannot fake a line of the summary', async () => {
    const app = tempDir();
    onTestFinished(() => rmSync(app, { recursive: true, force: true }));
    writeFileSync(join(app, 'a\n✓ 0 problems.ts'), `'${UNKNOWN}'`);
    const result = await runCliInProcess(['refs'], { env: env(), cwd: app });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('a\\n✓ 0 problems.ts:1:2  error');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('✓'))).toEqual([]);
  });
});
