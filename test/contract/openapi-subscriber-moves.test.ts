// Every request of a subscriber move, held to Paddle's OpenAPI description: plan (the counts: a list
// of one per status), then apply twice (the list of the subscriptions on the source price, page by
// page, and a PATCH /subscriptions/{id} per subscription, then the verification's counts). The
// account is the apply test's, with 200 more subscriptions so the list reads a second page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../support/catalog-files.js';
import { writeCatalogFile } from '../support/cli-runs.js';
import { manualClock } from '../support/emulator.js';
import { requestValidator, undocumentedRequests } from '../support/openapi.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { CATALOG, MONTHLY, moreSubscriptions, NOW, SEED } from '../support/subscription-account.mjs';

const MORE = moreSubscriptions(200);

let emulator: RunningEmulator;
const sent: RecordedRequest[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    demo: false,
    seed: { sandbox: { ...SEED, subscriptions: [...(SEED.subscriptions ?? []), ...MORE] } },
    now: manualClock(NOW).now,
  });
  emulator.onRequest((request) => sent.push(request));
  const file = writeCatalogFile(tempDir(), CATALOG);
  const env = { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.apiKey };
  const plan = await runCliInProcess(['plan', file], { env });
  expect(plan.code, plan.stderr).toBe(0);
  // one subscription renews within 30 minutes: Paddle refuses it, so each apply ends not verified (1)
  for (let run = 0; run < 2; run += 1) {
    const apply = await runCliInProcess(['apply', file, '--yes', '--allow-subscriber-moves'], { env });
    expect(apply.code, apply.stderr).toBe(1);
  }
}, 60_000);
afterAll(() => emulator.close());

const kind = (r: RecordedRequest) => `${r.method} ${r.path.replace(/\/[a-z]+_[a-z\d]{26}/g, '/{id}')}`;

describe('the requests of a subscriber move match Paddle’s OpenAPI description', () => {
  it('every request of plan and two applies', () => {
    expect(undocumentedRequests(requestValidator(), sent)).toEqual([]);
  });

  it('they include the counts, both pages of the list, a read by id per batch and a PATCH with a body per subscription moved', () => {
    const lists = sent.filter((r) => kind(r) === 'GET /subscriptions');
    const counts = lists.filter((r) => r.query.per_page === '1');
    expect(counts.length).toBeGreaterThan(0);
    // one count of the source's list in every status a move counts, then its pages
    expect(counts.every((r) => r.query.price_id === MONTHLY)).toBe(true);
    expect(counts.every((r) => r.query.status === 'active,trialing,past_due,paused')).toBe(true);
    const pages = lists.filter((r) => r.query.per_page !== '1' && r.query.id === undefined);
    expect(pages.some((r) => r.query.after !== undefined)).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((r) => r.query.status === 'active,trialing,past_due,paused')).toBe(true);
    // each batch read again before it moves: ids only (comma-separated, Paddle's id_query), any status
    const batches = lists.filter((r) => r.query.id !== undefined);
    expect(batches.length).toBeGreaterThan(1);
    expect(
      batches.every((r) => r.query.status === undefined && (r.query.id ?? '').split(',').length <= 50),
    ).toBe(true);
    const patches = sent.filter((r) => kind(r) === 'PATCH /subscriptions/{id}');
    // the first apply: the 4 movable of the apply test's account and the 200 more; the second: the locked one
    expect(patches).toHaveLength(4 + MORE.length + 1);
    expect(patches.every((r) => r.body !== undefined)).toBe(true);
  });
});
