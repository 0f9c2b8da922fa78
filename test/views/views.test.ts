// Each command's result through both views (as terraform tests its views): --json is exactly the
// JSON view's one document on stdout; without --json, stdout is the human view.
import { describe, expect, it } from 'vitest';
import { errorResult } from '../../src/billing/api-error.js';
import { RemoteError, UserError } from '../../src/errors.js';
import * as errorView from '../../src/views/billing-error.js';
import * as emulatorView from '../../src/views/emulator.js';
import { handleError } from '../../src/views/errors.js';
import * as historyView from '../../src/views/history/history.js';
import * as invoiceView from '../../src/views/invoice.js';
import * as schemaView from '../../src/views/schema.js';
import * as validateView from '../../src/views/validate.js';
import { show, type View } from '../../src/views/view.js';
import { captureReporter } from '../support/capture.js';

/**
 * --json: the document `document` (written out here, not asked of the view), alone on stdout;
 * otherwise the human view, whose stdout holds `human`.
 */
function checkBoth<R>(view: View<R>, result: R, document: unknown, human: string): void {
  const json = captureReporter(true);
  show(json.reporter, view, result);
  expect(JSON.parse(json.out.stdout)).toEqual(document);
  const plain = captureReporter(false);
  show(plain.reporter, view, result);
  expect(plain.out.stdout).toContain(human);
}

const page = { items: [], hasMore: false };
const cases: Record<string, () => void> = {
  validate: () =>
    checkBoth(
      validateView,
      { file: 'c.yaml', environment: 'sandbox', issues: [], catalog: { version: 1, products: {} } },
      { ok: true, file: 'c.yaml', environment: 'sandbox', issues: [] },
      '✓ c.yaml is valid for sandbox: 0 products, 0 prices',
    ),
  history: () =>
    checkBoth(historyView, { page, customer: null }, page, 'No billing history yet: nothing billed.'),
  schema: () => checkBoth(schemaView, { type: 'object' }, { type: 'object' }, '{\n  "type": "object"\n}'),
  invoice: () =>
    checkBoth(
      invoiceView,
      { url: 'https://x.example/i.pdf', expires: new Date(0), local: false },
      { url: 'https://x.example/i.pdf' },
      'https://x.example/i.pdf',
    ),
};

describe('views: one result, two views', () => {
  it.each(Object.entries(cases))(
    '%s: --json prints the JSON view, alone; otherwise the human view',
    (_, check) => check(),
  );

  it('emulator: the --json start line is one line with both keys, never masked; the human view says how to use each', () => {
    const started = {
      url: 'http://127.0.0.1:4010',
      apiKey: 'pdl_sdbx_apikey_01h0000000000000000000000_abcdefghijklmnopqrstuvwxyz',
      liveApiKey: 'pdl_live_apikey_01h0000000000000000000000_abcdefghijklmnopqrstuvwxyz',
      demoCustomers: ['demo@example.com', 'churned@example.com (archived)'],
    };
    const json = captureReporter(true);
    show(json.reporter, emulatorView, started);
    expect(json.out.stdout.split('\n')).toEqual([
      JSON.stringify({ url: started.url, apiKey: started.apiKey, liveApiKey: started.liveApiKey }),
      '',
    ]);
    expect(json.out.stdout).toContain(started.apiKey);
    expect(json.out.stderr).toBe('');
    const plain = captureReporter(false);
    show(plain.reporter, emulatorView, started);
    expect(plain.out.stdout).toContain(`export PADDLE_API_KEY=${started.apiKey}`);
    expect(plain.out.stdout).toContain(`PADDLE_API_KEY=${started.liveApiKey} paddle-catalog plan`);
    expect(plain.out.stderr).toContain('churned@example.com (archived) · Ctrl+C to stop');
  });

  it('a billing error is the one failure document in --json mode, the code and our explanation otherwise', () => {
    const error = { kind: 'error', error: errorResult('Forbidden'), explanation: 'not yours' } as const;
    const json = captureReporter(true);
    show(json.reporter, errorView, error);
    expect(JSON.parse(json.out.stdout)).toEqual({
      ok: false,
      error: { kind: 'user', code: 'Forbidden', message: 'Forbidden: not yours' },
    });
    expect(json.out.stderr).toBe('');
    const plain = captureReporter(false);
    show(plain.reporter, errorView, error);
    expect(plain.out.stderr).toBe('error: Forbidden: not yours\n');
  });

  it("a billing API error is the same document as any command's API error", () => {
    const cause = new RemoteError({ status: 403, type: 'request_error', code: 'forbidden', detail: 'no' });
    const json = captureReporter(true);
    show(json.reporter, errorView, { kind: 'error', error: errorResult('forbidden', cause) });
    const handled = captureReporter(true);
    handleError(cause, handled.reporter);
    expect(JSON.parse(json.out.stdout)).toEqual(JSON.parse(handled.out.stdout));
    expect(JSON.parse(json.out.stdout)).toMatchObject({
      ok: false,
      error: { kind: 'api', code: 'forbidden', message: 'no', status: 403 },
    });
  });

  it('a UserError is {"ok": false, "error": {"kind": "user", …}} in --json mode, for every command', () => {
    const error = new UserError('Give either --email or --customer, not both.');
    const usual = captureReporter(true);
    handleError(error, usual.reporter);
    expect(JSON.parse(usual.out.stdout)).toEqual({
      ok: false,
      error: { kind: 'user', message: error.message },
    });
  });
});
