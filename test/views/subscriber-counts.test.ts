// Paddle's estimated_total is exact up to 100,000 and 100001 above
// (https://developer.paddle.com/api-reference/about/pagination): a count of 100001 is "more than
// 100,000" wherever a count is shown or added up, and --json keeps the number with a field naming it
// a lower bound.
import { describe, expect, it } from 'vitest';
import { diff } from '../../src/planner/diff.js';
import type { SubscriberCounts } from '../../src/planner/subscribers.js';
import type { Review } from '../../src/review/types.js';
import { makeStyle } from '../../src/terminal/style.js';
import { moveOutcomeLines, moveOutcomesJson } from '../../src/views/apply/move-outcomes.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan } from '../../src/views/plan/format.js';
import { planMarkdown } from '../../src/views/plan/markdown.js';
import { reviewedCountLines } from '../../src/views/plan/review-lines.js';
import { catalogOf, monthly, price, pro, remoteProduct, snapshotOf } from '../support/plan-builders.js';

const plain = makeStyle(false);
const OVER = 100_001;
const allOver: SubscriberCounts = { active: OVER, trialing: OVER, past_due: OVER, paused: OVER };
const oneOver: SubscriberCounts = { active: OVER, trialing: 3, past_due: 0, paused: 0 };

/** pro/monthly's amount changes (and pro/monthly-2027 takes its subscribers), reviewed with `counts`. */
function reviewed(counts: SubscriberCounts) {
  const catalog = catalogOf({
    pro: {
      ...pro,
      prices: {
        monthly: { ...monthly, unit_price: { amount: '1500', currency_code: 'USD' } },
        'monthly-2027': { ...monthly, description: 'Pro 2027', subscribers_from: ['monthly'] },
      },
    },
  });
  const diffed = diff(catalog, snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])));
  const plan = { ...diffed, moves: (diffed.moves ?? []).map((m) => ({ ...m, subscribers: counts })) };
  const review: Review = {
    prices: { 'pro/monthly': { subscribers: counts } },
    countries: [],
    unavailable: [],
  };
  return { plan, review };
}

describe('a count above what Paddle counts exactly', () => {
  it('human plan: "more than 100,000" per status, and a warning that never adds them as exact', () => {
    const { plan, review } = reviewed(allOver);
    const text = formatPlan(plan, plain, { review }).join('\n');
    expect(text).toContain(
      'subscribers: more than 100,000 active, more than 100,000 trialing, more than 100,000 past due, more than 100,000 paused',
    );
    expect(text).toContain('! more than 400,000 subscriptions bill this price:');
    expect(text).toContain(
      'pro/monthly → pro/monthly-2027: more than 100,000 active, more than 100,000 trialing',
    );
    expect(text).not.toMatch(/100,001|400,004/);
  });

  it('a sum with one "more than" in it is "more than" the sum', () => {
    const { plan, review } = reviewed(oneOver);
    const text = formatPlan(plan, plain, { review }).join('\n');
    expect(text).toContain('! more than 100,003 subscriptions bill this price:');
    expect(text).toContain('pro/monthly → pro/monthly-2027: more than 100,000 active, 3 trialing (');
  });

  it('Markdown: the same words in the block', () => {
    const { plan, review } = reviewed(oneOver);
    const md = planMarkdown({ plan, environment: 'sandbox', file: 'c.yaml', review });
    expect(md).toContain('! more than 100,003 subscriptions bill this price:');
    expect(md).not.toContain('100,004');
  });

  it('--json: the numbers as Paddle gave them, and the statuses whose number is a lower bound', () => {
    const { plan, review } = reviewed(oneOver);
    const doc = planDocument(plan, 'sandbox', review);
    const changed = doc.changes.find((c) => c.key === 'pro/monthly' && c.kind === 'price');
    expect(changed).toMatchObject({ subscribers: oneOver, subscribers_lower_bounds: ['active'] });
    const move = doc.changes.find((c) => c.kind === 'subscribers');
    expect(move).toMatchObject({ subscribers: oneOver, subscribers_lower_bounds: ['active'] });
    const exact = planDocument(reviewed({ ...oneOver, active: 100_000 }).plan, 'sandbox');
    expect(exact.changes.find((c) => c.kind === 'subscribers')).not.toHaveProperty(
      'subscribers_lower_bounds',
    );
  });

  it('apply <plan-file>: the counts it was reviewed with, and each move against them', () => {
    const saved = {
      countries: [],
      unavailable: [],
      prices: { 'pro/monthly': { subscribers: oneOver } },
      moves: [
        {
          kind: 'subscribers' as const,
          key: 'pro/monthly-2027',
          action: 'move' as const,
          from: 'pro/monthly',
          to: 'pro/monthly-2027',
          id: 'pri_1',
          proration: 'do_not_bill' as const,
          subscribers: allOver,
        },
      ],
    };
    expect(reviewedCountLines(saved, plain)).toEqual([
      'The plan was reviewed with these subscribers (counted when it was made; they may have moved since):',
      '  price pro/monthly: more than 100,000 active, 3 trialing',
      '  move pro/monthly → pro/monthly-2027: more than 100,000 active, more than 100,000 trialing, more than 100,000 past due, more than 100,000 paused',
    ]);
    const outcome = { from: 'pro/monthly', to: 'pro/monthly-2027', moved: 5, changed: 0, left: oneOver };
    expect(moveOutcomeLines([outcome], saved.moves, plain)).toEqual([
      'subscribers pro/monthly → pro/monthly-2027: 5 subscriptions moved, more than 100,003 left (reviewed with more than 400,000)',
    ]);
    expect(moveOutcomesJson([outcome], saved.moves)).toEqual([
      {
        from: 'pro/monthly',
        to: 'pro/monthly-2027',
        reviewed: allOver,
        reviewed_lower_bounds: ['active', 'trialing', 'past_due', 'paused'],
        moved: 5,
        changed: 0,
        left: oneOver,
        left_lower_bounds: ['active'],
      },
    ]);
  });
});
