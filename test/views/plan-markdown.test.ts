// The review in Markdown (plan --format markdown, the step summary, the pull-request comment): the
// same lines as plan's human output, in a fenced block nothing from the catalog or the account can
// leave; outside it only our own words and counts.
import { describe, expect, it } from 'vitest';
import type { CatalogIssue } from '../../src/catalog/issue.js';
import type { Catalog, CatalogPrice, CatalogProduct } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import type { SubscriberCounts } from '../../src/planner/subscribers.js';
import { hasWork, summarize } from '../../src/planner/summary.js';
import { makeStyle } from '../../src/terminal/style.js';
import { formatPlan, formatPlanSummary } from '../../src/views/plan/format.js';
import {
  codeBlock,
  inlineCode,
  planMarkdown,
  REVIEW_CHARACTER_LIMIT,
} from '../../src/views/plan/markdown.js';
import { startedMarker } from '../support/marker.mjs';
import {
  catalogOf,
  monthly,
  price,
  pro,
  remoteDiscount,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const plain = makeStyle(false);
const HOSTILE = ['|', '`', '<img src=x onerror=alert(1)>', '[x](javascript:alert(1))', '@everyone', '#1'];
const hostileName = `@everyone | ${'```'} <img src=x onerror=alert(1)> [x](javascript:alert(1)) #1 ![i](https://e.test/i.png)`;

/** The review cut into what is outside the fenced block and the block's lines. */
function parts(markdown: string) {
  const lines = markdown.trimEnd().split('\n');
  const open = lines.findIndex((line) => /^`{3,}/.test(line));
  const fence = /^`+/.exec(lines[open] ?? '')?.[0] ?? '';
  const close = lines.findIndex((line, i) => i > open && line.trim() === fence);
  return {
    outside: [...lines.slice(0, open), ...lines.slice(close + 1)],
    block: lines.slice(open + 1, close),
    fence,
    close,
    total: lines.length,
  };
}

const warning: CatalogIssue = {
  path: 'products.pro.description',
  line: 4,
  column: 5,
  message: 'a warning about @everyone',
  rule: 'schema',
  severity: 'warning',
};

describe('plan --format markdown: the review of a pull request', () => {
  it('hostile names (|, backticks, <img>, [x](javascript:…), @everyone, #1) stay inside a block they cannot close', () => {
    const catalog = catalogOf({ evil: { name: hostileName, tax_category: 'saas', prices: { monthly } } });
    const plan = diff(catalog, snapshotOf(remoteProduct('gone', { name: hostileName })));
    const md = planMarkdown({
      plan,
      environment: 'sandbox',
      file: '@everyone`#1`.yaml',
      warnings: [warning],
    });
    const { outside, block, fence, close, total } = parts(md);
    expect(close).toBe(total - 1); // the block ends where the review ends: no line closed it early
    expect(fence.length).toBeGreaterThan(3);
    // the same lines as plan's human output, the catalog's warning first
    expect(block).toEqual([
      '@everyone`#1`.yaml:4:5  warning a warning about @everyone  (schema)',
      ...formatPlan(plan, plain),
    ]);
    // outside the block: our words, and the file name as a code span
    expect(outside[0]).toBe('### paddle-catalog plan · ``@everyone`#1`.yaml``');
    for (const line of outside.slice(1)) for (const bad of HOSTILE) expect(line).not.toContain(bad);
  });

  it('inline code and blocks: delimited by more backticks than the text holds', () => {
    expect(inlineCode('a``b')).toBe('```a``b```');
    expect(inlineCode('`x`')).toBe('`` `x` ``');
    expect(codeBlock(['````', 'x'], 'diff')).toEqual(['`````diff', '````', 'x', '`````']);
  });

  it('an update shows before → after with human amounts, every country override', () => {
    const overrides: CatalogPrice['unit_price_overrides'] = [
      { country_codes: ['DE', 'FR'], unit_price: { amount: '900', currency_code: 'EUR' } },
    ];
    const catalog = catalogOf({
      pro: {
        ...pro,
        prices: {
          monthly: {
            ...monthly,
            unit_price: { amount: '1500', currency_code: 'USD' },
            unit_price_overrides: overrides,
          },
        },
      },
    });
    const plan = diff(
      catalog,
      snapshotOf(
        remoteProduct('pro', {}, [
          price('pro/monthly', { unit_price: { amount: '1200', currency_code: 'USD' } }),
        ]),
      ),
    );
    const { block } = parts(planMarkdown({ plan, environment: 'production', file: 'catalog.yaml' }));
    expect(block.join('\n')).toContain('unit_price.amount 1200 USD ($12.00) → 1500 USD ($15.00)');
    expect(block.join('\n')).toContain('unit_price_overrides none → DE,FR: 900 EUR (€9.00)');
  });

  it("a discount's amount before → after in its terms: a percentage, or money with its currency", () => {
    const discount = (amount: string, type: string, currency_code?: string) => ({
      ...catalogOf({}),
      discounts: {
        welcome: { description: 'Welcome', type, amount, ...(currency_code ? { currency_code } : {}) },
      },
    });
    const flat = diff(discount('700', 'flat', 'EUR') as Catalog, {
      ...snapshotOf(),
      discounts: [
        remoteDiscount('welcome', {
          description: 'Welcome',
          type: 'flat',
          amount: '500',
          currency_code: 'EUR',
          code: null,
        }),
      ],
    });
    expect(formatPlan(flat, plain)[0]).toBe(
      `~ update discount welcome (${flat.discounts[0]?.id}): amount 500 EUR (€5.00) → 700 EUR (€7.00)`,
    );
    const percent = diff(discount('30', 'percentage') as Catalog, {
      ...snapshotOf(),
      discounts: [remoteDiscount('welcome', { description: 'Welcome', code: null })],
    });
    expect(formatPlan(percent, plain).join('\n')).toContain('amount 25% → 30%');
  });

  it('duplicates: named, counted above the block, and work to do (has_changes, exit 2)', () => {
    const plan = diff(
      catalogOf({ pro }),
      snapshotOf(
        remoteProduct('pro', { id: 'pro_a' }, [price('pro/monthly')]),
        remoteProduct('pro', { id: 'pro_b' }),
      ),
    );
    const md = planMarkdown({ plan, environment: 'sandbox', file: 'catalog.yaml' });
    expect(md).toContain('**sandbox** · No changes.');
    expect(md).toContain('⚠️ 1 key with duplicates');
    expect(parts(md).block.join('\n')).toContain('! product pro has 2 active objects: pro_a (kept), pro_b');
    expect(hasWork(plan)).toBe(true);
    expect(
      hasWork(diff(catalogOf({ pro }), snapshotOf(remoteProduct('pro', {}, [price('pro/monthly')])))),
    ).toBe(false);
  });

  it('what --prune would archive, discounts included; look-alikes and code conflicts, counted', () => {
    const catalog: Catalog = {
      ...catalogOf({ seats: { name: 'Seats', tax_category: 'saas' } }),
      discounts: { launch: { description: 'Launch', type: 'percentage', amount: '25', code: 'LAUNCH25' } },
    };
    const snapshot = {
      ...snapshotOf(
        remoteProduct('old', { id: 'pro_old' }),
        remoteProduct(null, { name: 'Seats', id: 'pro_twin' }),
      ),
      discounts: [
        remoteDiscount('spring', { id: 'dsc_spring', code: 'SPRING' }),
        remoteDiscount(null, {
          id: 'dsc_b',
          custom_data: { paddle_catalog: { key: 'x', catalog: 'team-b' } },
        }),
      ],
    };
    const md = planMarkdown({ plan: diff(catalog, snapshot), environment: 'sandbox', file: 'c.yaml' });
    expect(md).toContain(
      '⚠️ 1 look-alike · 1 discount code held by another discount · 2 objects no longer in the catalog',
    );
    const block = parts(md).block.join('\n');
    expect(block).toContain(
      'not in the catalog any more: product old (pro_old), discount spring (dsc_spring); apply --prune archives them',
    );
    expect(block).toContain('! code "LAUNCH25" is held by discount dsc_b of catalog team-b (key x)');
    expect(block).toContain('! looks like product pro_twin "Seats"');
    const pruned = planMarkdown({
      plan: diff(catalog, snapshot, { prune: true }),
      environment: 'sandbox',
      file: 'c.yaml',
      prune: true,
    });
    expect(pruned).not.toContain('no longer in the catalog');
    expect(pruned).toContain('- archive discount spring (dsc_spring)');
  });

  it('stays under a pull-request comment’s size, saying how many lines it left out', () => {
    const products: Record<string, CatalogProduct> = Object.fromEntries(
      Array.from({ length: 1500 }, (_, i) => [
        `p${i}`,
        { name: `Product ${i} ${'x'.repeat(40)}`, tax_category: 'saas' },
      ]),
    );
    const md = planMarkdown({
      plan: diff(catalogOf(products), snapshotOf()),
      environment: 'sandbox',
      file: 'c.yaml',
    });
    expect(md.length).toBeLessThan(REVIEW_CHARACTER_LIMIT);
    expect(md).toMatch(/…and \d+ more lines: run plan to see them all\.\n`{3}\n$/);
  });

  it('a subscriber move: its line as the human plan prints it, in the block, and counted in the summary line', () => {
    const plan = movePlan({ active: 3, trialing: 0, past_due: 0, paused: 1 });
    const md = planMarkdown({ plan, environment: 'sandbox', file: 'c.yaml' });
    const line =
      '~ move subscribers pro/monthly → pro/monthly-2027: 3 active, 1 paused (do_not_bill: no charge now; the next renewal bills the new price)';
    expect(formatPlan(plan, plain)).toContain(line);
    expect(parts(md).block).toContain(line);
    expect(md).toContain('**sandbox** · Plan: 1 to create, 0 to update, 0 to archive, 1 subscriber move.');
  });
});

/** pro/monthly in the account (and pro/monthly-2027 too, once made), and a catalog whose pro/monthly-2027 takes its subscribers. */
function movePlan(subscribers?: SubscriberCounts, made = false) {
  const catalog = catalogOf({
    pro: {
      ...pro,
      prices: {
        monthly,
        'monthly-2027': { ...monthly, description: 'Pro 2027', subscribers_from: ['monthly'] },
      },
    },
  });
  // made by the apply that started the move: its marker records it
  const started = startedMarker('pro/monthly-2027', [
    { from: 'pro/monthly', proration: 'do_not_bill', bills_from: null },
  ]);
  const made2027 = made ? [price('pro/monthly-2027', { description: 'Pro 2027', custom_data: started })] : [];
  const plan = diff(catalog, snapshotOf(remoteProduct('pro', {}, [price('pro/monthly'), ...made2027])));
  return { ...plan, moves: (plan.moves ?? []).map((move) => ({ ...move, subscribers })) };
}

describe('subscriber moves as work to do (plan --detailed-exitcode, has_changes)', () => {
  const none = { active: 0, trialing: 0, past_due: 0, paused: 0 };

  it('a move with subscribers on its source is work, and so is one whose subscribers could not be counted', () => {
    const onlyMove = movePlan({ ...none, trialing: 2 }, true);
    expect(hasWork(onlyMove)).toBe(true);
    expect(formatPlanSummary(onlyMove)).toBe(
      'Plan: 0 to create, 0 to update, 0 to archive, 1 subscriber move.',
    );
    expect(
      hasWork({ ...onlyMove, moves: onlyMove.moves.map((m) => ({ ...m, subscribers: undefined })) }),
    ).toBe(true);
  });

  it('a move whose source has no subscribers left is no work: the summary says no changes', () => {
    const onlyMove = movePlan(none, true);
    expect(hasWork(onlyMove)).toBe(false);
    expect(summarize(onlyMove)).toMatchObject({ move: 0 });
    expect(formatPlanSummary(onlyMove)).toBe('No changes.');
  });
});
