// How plan shows a notification destination's or a discount group's change, in each view: the human
// lines (create, update with its fields, a replacement's new signing secret, a deletion that cannot be
// undone), the Markdown review and step summary (the same lines in their block, the deletions and
// replacements counted above it) and --json; a hostile name or description escaped where people read it.
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/schema.js';
import { diff } from '../../src/planner/diff.js';
import { makeStyle } from '../../src/terminal/style.js';
import { planDocument } from '../../src/views/plan/document.js';
import { formatPlan, planBlocks } from '../../src/views/plan/format.js';
import { planMarkdown } from '../../src/views/plan/markdown.js';
import {
  catalogOf,
  price,
  pro,
  remoteGroup,
  remoteNotification,
  remoteProduct,
  snapshotOf,
} from '../support/plan-builders.js';

const plain = makeStyle(false);
const events = ['transaction.completed'];
const catalog: Catalog = {
  ...catalogOf({ pro }),
  discount_groups: { launch: { name: 'Launch offers' }, spring: { name: 'Spring' } },
  notifications: {
    app: { description: 'App webhooks', destination: 'https://example.com/new', subscribed_events: events },
    ops: { description: 'Ops', destination: 'https://example.com/ops', subscribed_events: events },
    fresh: {
      description: 'Fresh hooks',
      destination: 'https://example.com/fresh',
      subscribed_events: events,
    },
  },
};
const account = {
  ...snapshotOf(remoteProduct('pro', { id: 'pro_1' }, [price('pro/monthly', { id: 'pri_1' })])),
  discountGroups: [remoteGroup('launch', 'Old offers', { id: 'dsg_1' })],
  notifications: [
    remoteNotification('app', { id: 'ntfset_1', destination: 'https://example.com/old' }),
    remoteNotification('ops', { id: 'ntfset_2', type: 'email', destination: 'https://example.com/ops' }),
    remoteNotification('gone', { id: 'ntfset_3' }),
  ],
};
const plan = diff(catalog, account, { prune: true });

describe('plan: destination and discount group changes in each view', () => {
  it('the human lines: create, update fields, a replacement with its new secret, a deletion that cannot be undone', () => {
    expect(formatPlan(plan, plain, { prune: true })).toEqual([
      '~ update discount_group launch (dsg_1): name "Old offers" → "Launch offers"',
      '+ create discount_group spring  "Spring"',
      '~ update notification app (ntfset_1): destination "https://example.com/old" → "https://example.com/new"',
      '-/+ replace notification ops (ntfset_2)  "Ops" url https://example.com/ops, 1 event (transaction.completed)',
      "    type email → url cannot be changed in place: a new signing secret, and the old one stops working (apply --secrets-out writes the new one); the old destination's deletion cannot be undone",
      '+ create notification fresh  "Fresh hooks" url https://example.com/fresh, 1 event (transaction.completed)',
      '- delete notification gone (ntfset_3): cannot be undone (its signing secret is gone with it)',
      '',
      'Plan: 3 to create, 2 to update, 0 to archive, 2 to delete.',
    ]);
  });

  it('a deletion is kept first, like an archive, when a long review is cut', () => {
    const deletion = planBlocks(plan, plain, { prune: true }).find((b) => b.lines[0]?.startsWith('- delete'));
    expect(deletion?.risk).toBe(true);
  });

  it('Markdown and the step summary: the same lines in the block, deletions and replacements counted above it', () => {
    const md = planMarkdown({ plan, environment: 'sandbox', file: 'catalog.yaml', prune: true });
    expect(md).toContain(
      '⚠️ 1 notification destination deleted (cannot be undone) · 1 notification destination replaced (a new signing secret)',
    );
    for (const line of formatPlan(plan, plain, { prune: true }).filter((l) => l !== ''))
      expect(md).toContain(line);
  });

  it('--json: each change with its fields, the replacement marked newSecret, the deletion irreversible', () => {
    const changes = planDocument(plan, 'sandbox').changes.filter(
      (c) => c.kind !== 'product' && c.kind !== 'price',
    );
    expect(changes).toEqual([
      {
        kind: 'discount_group',
        key: 'launch',
        action: 'update',
        id: 'dsg_1',
        fields: [{ path: 'name', before: 'Old offers', after: 'Launch offers' }],
      },
      { kind: 'discount_group', key: 'spring', action: 'create' },
      {
        kind: 'notification',
        key: 'app',
        action: 'update',
        id: 'ntfset_1',
        fields: [
          { path: 'destination', before: 'https://example.com/old', after: 'https://example.com/new' },
        ],
      },
      {
        kind: 'notification',
        key: 'ops',
        action: 'replace',
        id: 'ntfset_2',
        reason: 'type email → url cannot be changed in place',
        newSecret: true,
      },
      { kind: 'notification', key: 'fresh', action: 'create' },
      { kind: 'notification', key: 'gone', action: 'delete', id: 'ntfset_3', irreversible: true },
    ]);
  });

  it('a hostile name or description is escaped in the lines people read and in Markdown, and no raw control character reaches --json', () => {
    const hostile = 'Hooks \u001b[2J\u001b]0;pwned\u0007 ``` @everyone';
    const evil: Catalog = {
      ...catalogOf({ pro }),
      discount_groups: { launch: { name: hostile } },
      notifications: {
        app: { description: hostile, destination: 'https://example.com/hooks', subscribed_events: events },
      },
    };
    const evilPlan = diff(evil, { ...account, discountGroups: [], notifications: [] });
    const lines = formatPlan(evilPlan, plain).join('\n');
    expect(lines).not.toContain('\u001b');
    expect(lines).not.toContain('\u0007');
    expect(lines).toContain('Hooks \\x1b[2J');
    const md = planMarkdown({ plan: evilPlan, environment: 'sandbox', file: 'catalog.yaml' });
    expect(md).not.toContain('\u001b');
    const json = planDocument(evilPlan, 'sandbox');
    expect(JSON.stringify(json)).not.toContain('\u001b');
  });
});
