// The id file's text: the module's JSON block reads back to the same document, whatever the strings
// hold; a file that is not ours is told apart; the format from the file's name.
import { describe, expect, it } from 'vitest';
import { type IdsDocument, idsFromPlan, withSide } from '../../src/ids/document.js';
import { formatOf, parseIdsFile, renderJson, renderTs } from '../../src/ids/render.js';
import type { Plan } from '../../src/planner/types.js';

const side = (baseUrl: string) => ({
  baseUrl,
  readAt: '2026-11-24T06:00:00.000Z',
  products: { pro: 'pro_01aaaaaaaaaaaaaaaaaaaaaaaa' },
  prices: { 'pro/monthly': 'pri_01aaaaaaaaaaaaaaaaaaaaaaaa' },
  discounts: {},
});

describe('id file text', () => {
  it('ts and json read back to the document; a `*/` in a base URL does not end the block', () => {
    const document = withSide(undefined, 'default', 'production', side('http://127.0.0.1:9/*/x'));
    expect(parseIdsFile(renderTs(document), 'ts')).toEqual(document);
    expect(parseIdsFile(renderJson(document), 'json')).toEqual(document);
  });

  it('withSide keeps the other side and orders sandbox first', () => {
    const production = withSide(undefined, 'default', 'production', side('https://api.paddle.com'));
    const both = withSide(production, 'default', 'sandbox', side('https://sandbox-api.paddle.com'));
    expect(Object.keys(both.environments)).toEqual(['sandbox', 'production']);
    expect(both.environments.production).toEqual(production.environments.production);
  });

  it('a file that is not an id file of ours says why', () => {
    expect(parseIdsFile('export const x = 1;\n', 'ts')).toEqual({
      notOurs: 'it has no id block written by paddle-catalog ids',
    });
    expect(parseIdsFile('{"products": {}}', 'json')).toEqual({
      notOurs: 'it is not an id file of paddle-catalog ids',
    });
    const bad: IdsDocument = withSide(undefined, 'default', 'sandbox', {
      ...side('x'),
      products: { pro: 'pri_01aaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(parseIdsFile(renderJson(bad), 'json')).toHaveProperty('notOurs');
  });

  it.each([
    ['ids.json', 'json'],
    ['src/paddle-ids.ts', 'ts'],
    ['ids.mts', 'ts'],
    ['.env.paddle', 'env'],
    ['paddle.env', 'env'],
    ['ids.yaml', undefined],
  ])('%s → %s', (file, format) => {
    expect(formatOf(file, undefined)).toBe(format);
  });

  it('a plan gives ids for objects that exist and lists the keys to create, unarchive or replace, and prices of an archived product', () => {
    const plan = {
      catalog: 'default',
      groups: [
        {
          product: { kind: 'product', key: 'pro', action: 'update', id: 'pro_1', desired: {}, fields: [] },
          prices: [
            { kind: 'price', key: 'pro/a', action: 'unchanged', id: 'pri_1', desired: {}, fields: [] },
            { kind: 'price', key: 'pro/b', action: 'create', desired: {}, fields: [] },
            { kind: 'price', key: 'pro/c', action: 'replace', id: 'pri_3', desired: {}, fields: [] },
          ],
        },
        {
          product: { kind: 'product', key: 'old', action: 'unarchive', id: 'pro_2', desired: {}, fields: [] },
          prices: [
            {
              kind: 'price',
              key: 'old/a',
              productKey: 'old',
              action: 'unchanged',
              id: 'pri_4',
              desired: {},
              fields: [],
            },
          ],
        },
      ],
      discounts: [{ kind: 'discount', key: 'd', action: 'unarchive', id: 'dsc_1', desired: {}, fields: [] }],
      duplicates: [],
      orphans: [],
    } as unknown as Plan;
    expect(idsFromPlan(plan)).toEqual({
      entries: [
        { kind: 'product', key: 'pro', id: 'pro_1' },
        { kind: 'price', key: 'pro/a', id: 'pri_1' },
      ],
      missing: [
        { kind: 'price', key: 'pro/b', reason: 'not created' },
        { kind: 'price', key: 'pro/c', reason: 'under another product' },
        { kind: 'product', key: 'old', reason: 'archived' },
        { kind: 'price', key: 'old/a', reason: 'its product is archived' },
        { kind: 'discount', key: 'd', reason: 'archived' },
      ],
    });
  });
});

describe('id file text: discount groups and notification destinations', () => {
  const withDestinations = {
    ...side('https://sandbox-api.paddle.com'),
    discount_groups: { launch: 'dsg_01aaaaaaaaaaaaaaaaaaaaaaaa' },
    notifications: { app: 'ntfset_01aaaaaaaaaaaaaaaaaaaaaaaa' },
  };

  it('the module has their key types, maps and paddleIds fields, and reads back to the document', () => {
    const document = withSide(undefined, 'default', 'sandbox', withDestinations);
    const text = renderTs(document);
    expect(text).toContain('export type DiscountGroupKey = "launch";');
    expect(text).toContain('export type NotificationKey = "app";');
    expect(text).toContain('export const discountGroupIds = {\n  "sandbox": {\n    "launch": "dsg_01');
    expect(text).toContain('readonly [K in DiscountGroupKey]?: `dsg_');
    expect(text).toContain('readonly [K in NotificationKey]?: `ntfset_');
    expect(text).toContain('    discountGroups: discountGroupIds[environment],');
    expect(text).toContain('    notifications: notificationIds[environment],');
    expect(parseIdsFile(text, 'ts')).toEqual(document);
  });

  it('a side without them (the other environment, written before) has empty maps in the module', () => {
    const sandbox = withSide(undefined, 'default', 'sandbox', withDestinations);
    const both = withSide(sandbox, 'default', 'production', side('https://api.paddle.com'));
    expect(renderTs(both)).toContain(
      'export const notificationIds = {\n  "sandbox": {\n    "app": "ntfset_01aaaaaaaaaaaaaaaaaaaaaaaa"\n  },\n  "production": {}\n}',
    );
  });

  it('a catalog without them: the module is as it was (no such types, maps or fields)', () => {
    const text = renderTs(withSide(undefined, 'default', 'sandbox', side('https://sandbox-api.paddle.com')));
    for (const name of [
      'DiscountGroupKey',
      'NotificationKey',
      'discountGroupIds',
      'notificationIds',
      'discountGroups:',
    ])
      expect(text).not.toContain(name);
  });

  it('a plan gives the ids of groups and destinations; a destination whose type changes is missing (apply replaces it)', () => {
    const plan = {
      catalog: 'default',
      groups: [],
      discountGroups: [
        { kind: 'discount_group', key: 'launch', action: 'unchanged', id: 'dsg_1', desired: {}, fields: [] },
        { kind: 'discount_group', key: 'old', action: 'unarchive', id: 'dsg_2', desired: {}, fields: [] },
      ],
      discounts: [],
      notifications: [
        { kind: 'notification', key: 'app', action: 'update', id: 'ntfset_1', desired: {}, fields: [] },
        { kind: 'notification', key: 'ops', action: 'replace', id: 'ntfset_2', desired: {}, fields: [] },
        { kind: 'notification', key: 'gone', action: 'delete', id: 'ntfset_3', desired: null, fields: [] },
      ],
      duplicates: [],
      orphans: [],
    } as unknown as Plan;
    expect(idsFromPlan(plan)).toEqual({
      entries: [
        { kind: 'discount_group', key: 'launch', id: 'dsg_1' },
        { kind: 'notification', key: 'app', id: 'ntfset_1' },
      ],
      missing: [
        { kind: 'discount_group', key: 'old', reason: 'archived' },
        { kind: 'notification', key: 'ops', reason: 'its type changes: apply replaces it' },
      ],
    });
  });
});
