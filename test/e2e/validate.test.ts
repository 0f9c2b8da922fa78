// `validate` as a user runs it: the CLI in-process (main), offline, exit codes and output streams.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/catalog-files.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

const dir = tempDir();
const BAD = join(dir, 'bad.yaml');
writeFileSync(
  BAD,
  `version: 1
products:
  pro:
    name: Pro
    tax_category: professional-servicesoft
    prices:
      monthly:
        description: Pro monthly
        unitPrice: { amount: "1000", currency_code: USD }
      yearly:
        description: Pro yearly
        unit_price: { amount: 100.00, currency_code: USD }
        trial_period: { interval: day, frequency: 14 }
`,
);
const STACK = /\n\s+at .+:\d+:\d+/;

describe('paddle-catalog validate', () => {
  it('exits 0 for a valid example and prints a one-line verdict on stdout', async () => {
    const result = await runCliInProcess(['validate', 'catalogs/saas-starter.yaml']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/catalogs\/saas-starter\.yaml is valid for sandbox: 2 products, 4 prices/);
  });

  it('exits 1 and prints file:line:col  message  (rule) per issue, then a count', async () => {
    const result = await runCliInProcess(['validate', BAD]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toContain(
      `${BAD}:5:19  error tax category "professional-servicesoft" is a known typo; did you mean "professional-services"?  (tax-category-unknown)`,
    );
    expect(
      lines.some((line) =>
        line.startsWith(`${BAD}:9:9  error unknown field "unitPrice" (did you mean "unit_price"?)`),
      ),
    ).toBe(true);
    expect(
      lines.some((line) => line.startsWith(`${BAD}:12:31  error amount is in the lowest currency unit`)),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/5 errors \(checked for sandbox\)/);
    expect(result.stderr).not.toMatch(STACK);
  });

  it('--json prints exactly one document {ok, issues[{path,line,column,message,rule}]}', async () => {
    const result = await runCliInProcess(['--json', 'validate', BAD]);
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.ok).toBe(false);
    expect(doc.issues).toHaveLength(5);
    for (const issue of doc.issues) {
      expect(Object.keys(issue)).toEqual(
        expect.arrayContaining(['path', 'line', 'column', 'message', 'rule']),
      );
    }
    expect(doc.issues[0]).toMatchObject({
      path: 'products.pro.tax_category',
      line: 5,
      column: 19,
      rule: 'tax-category-unknown',
    });
  });

  it('--json on a valid catalog: ok true, no issues', async () => {
    const result = await runCliInProcess(['validate', 'catalogs/desktop-app.yaml', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, issues: [] });
  });

  it('--production checks the production settings (warnings do not fail)', async () => {
    const sandbox = await runCliInProcess(['validate', 'catalogs/global-pricing.yaml']);
    expect(sandbox.code).toBe(0);
    expect(sandbox.stdout).toMatch(/warning environments\.production\.cardless_trials/);
    const production = await runCliInProcess(['validate', '--production', 'catalogs/global-pricing.yaml']);
    expect(production.code).toBe(1);
    expect(production.stdout).toMatch(/\(trial-cardless-not-enabled\)/);
  });

  it('a missing file is one clear line, exit 1, no stack trace', async () => {
    const result = await runCliInProcess(['validate', 'no-such-catalog.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: catalog file not found: no-such-catalog\.yaml$/m);
    expect(result.stderr).not.toMatch(STACK);
    const json = await runCliInProcess(['--json', 'validate', 'no-such-catalog.yaml']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'user' } });
  });

  it('with GITHUB_ACTIONS=true also writes ::error annotations to stderr, relative to the workspace', async () => {
    const result = await runCliInProcess(['--json', 'validate', BAD], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir },
    });
    const annotations = result.stderr.split('\n').filter((line) => line.startsWith('::error'));
    expect(annotations).toHaveLength(5);
    expect(annotations[0]).toBe(
      '::error file=bad.yaml,line=5,col=19,title=tax-category-unknown::tax category "professional-servicesoft" is a known typo; did you mean "professional-services"?',
    );
    expect(JSON.parse(result.stdout).ok).toBe(false);
  });

  it('never touches the network and needs no key', async () => {
    // a server where the API would be: validate opens no connection to it
    let connections = 0;
    const server = createServer((_req, res) => res.end());
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await runCliInProcess(['validate', 'catalogs/global-pricing.yaml'], {
        env: { PADDLE_API_KEY: '', PADDLE_API_URL: url },
      });
      expect(result.code).toBe(0);
      expect(connections).toBe(0);
      await (await fetch(url)).text();
      expect(connections, 'the server counts what reaches it').toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('paddle-catalog schema', () => {
  it('prints the committed JSON Schema', async () => {
    const { readFileSync } = await import('node:fs');
    const result = await runCliInProcess(['schema']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync('catalogs/catalog.schema.json', 'utf8'));
  });
});
