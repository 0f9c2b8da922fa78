// The Markdown review within a pull-request comment's 65,536 characters, whatever the plan holds: the
// fence counted in the budget, over-long lines cut, and what carries risk (moves with their proration
// mode, archives, subscriber warnings) kept before what customers pay; what was cut is said.
import { describe, expect, it } from 'vitest';
import type { CatalogPrice } from '../../src/catalog/schema.js';
import type { CustomerPrice } from '../../src/planner/customer-prices.js';
import { diff } from '../../src/planner/diff.js';
import type { Review } from '../../src/review/types.js';
import { planMarkdown } from '../../src/views/plan/markdown.js';
import { catalogOf, monthly, price, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const COMMENT_LIMIT = 65_536;
const TICKS = '`'.repeat(40_000);
const keys = Array.from({ length: 47 }, (_, i) => `p${String(i).padStart(2, '0')}`);
const countries = Array.from({ length: 40 }, (_, i) => `C${i}`);

/** 47 prices rise from 1000 to 1500 USD; p00 also gets 40,000 backticks in custom_data; p46 takes p00's subscribers. */
function bigReview() {
  const prices: Record<string, CatalogPrice> = Object.fromEntries(
    keys.map((key) => [key, { ...monthly, unit_price: { amount: '1500', currency_code: 'USD' } }]),
  );
  prices.p00 = { ...prices.p00, custom_data: { note: TICKS } } as CatalogPrice;
  prices.p46 = { ...prices.p46, subscribers_from: ['p00'], proration: 'full_immediately' } as CatalogPrice;
  const catalog = catalogOf({ pro: { name: 'Pro', tax_category: 'saas', prices } });
  const remote = remoteProduct('pro', {}, [
    ...keys.map((key) => price(`pro/${key}`)),
    price('pro/gone', { description: 'Gone' }),
  ]);
  const diffed = diff(catalog, snapshotOf(remote), { prune: true });
  const counts = { active: 7, trialing: 0, past_due: 0, paused: 0 };
  const plan = { ...diffed, moves: (diffed.moves ?? []).map((move) => ({ ...move, subscribers: counts })) };
  const row = (country: string, i: number): CustomerPrice => ({
    country,
    currency_code: 'USD',
    before: { currency_code: 'USD', subtotal: '1000', tax: '0', total: '1000', formatted_total: '$10.00' },
    // one preview total of Paddle's is 40,000 backticks
    after: { subtotal: '1500', tax: '0', total: '1500', formatted_total: i === 0 ? TICKS : '$15.00' },
  });
  const review: Review = {
    prices: Object.fromEntries(
      keys.map((key, k) => [
        `pro/${key}`,
        {
          customers: countries.map((c, i) => row(c, k * 40 + i)),
          ...(key === 'p00' ? { subscribers: counts } : {}),
        },
      ]),
    ),
    countries,
    unavailable: [],
  };
  return { plan, review };
}

describe('the Markdown review within a pull-request comment', () => {
  it('47 prices × 40 countries, 40,000 backticks in custom_data and in a preview: under 65,536, the move and its mode kept, the cut said', () => {
    const { plan, review } = bigReview();
    const md = planMarkdown({ plan, environment: 'production', file: 'c.yaml', review, prune: true });
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(md).toContain(
      '~ move subscribers pro/p00 → pro/p46: 7 active (full_immediately: the full new amount is billed now)',
    );
    expect(md).toContain('- archive price pro/gone');
    expect(md).toContain('! 7 subscriptions bill this price:');
    expect(md).toMatch(/…what customers pay is left out under \d+ prices: run plan to see it\./);
    expect(md).toMatch(/custom_data .*… \([\d,]+ more characters\)/);
    // every price's change line is there; only previews were cut
    for (const key of keys) expect(md).toContain(`~ update price pro/${key}`);
    expect(md).not.toContain('more lines: run plan');
    // the block closes where the review ends: the fence is longer than any backtick run it holds
    const lines = md.trimEnd().split('\n');
    const open = lines.findIndex((line) => /^`{3,}diff$/.test(line));
    const fence = lines[open]?.replace('diff', '') ?? '';
    const close = lines.findIndex((line, i) => i > open && line === fence);
    expect(close).toBeGreaterThan(open);
    // after the block only the tables of what customers pay, as many as fit
    expect(lines[close + 2]).toBe('**What customers pay** — one unit, with tax, as Paddle previews it:');
    expect(lines.slice(close + 3).filter((line) => line.startsWith('price `pro/p')).length).toBeGreaterThan(
      0,
    );
  });

  it('a plan too long even without previews keeps its moves and archives, which come last, and cuts other changes', () => {
    const { plan, review } = bigReview();
    const creates = diff(
      catalogOf(
        Object.fromEntries(
          Array.from({ length: 1500 }, (_, i) => [
            `n${i}`,
            { name: `New ${i} ${'x'.repeat(40)}`, tax_category: 'saas' },
          ]),
        ),
      ),
      snapshotOf(),
    ).groups;
    const big = { ...plan, groups: [...creates, ...plan.groups] };
    const md = planMarkdown({ plan: big, environment: 'production', file: 'c.yaml', review, prune: true });
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(md).toContain('~ move subscribers pro/p00 → pro/p46: 7 active (full_immediately:');
    expect(md).toContain('- archive price pro/gone');
    expect(md).toContain('! 7 subscriptions bill this price:');
    expect(md).toMatch(/…and \d+ more lines: run plan to see them all\.\n`+\n$/);
  });
});
