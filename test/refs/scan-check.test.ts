// The pure parts of refs: ids found in text with their line and column, and the verdict per id.
import { describe, expect, it } from 'vitest';
import { checkReferences } from '../../src/refs/check.js';
import type { FoundObject } from '../../src/refs/lookup.js';
import { isOwnOutput } from '../../src/refs/own-files.js';
import { findIds, looksBinary } from '../../src/refs/scan.js';

const id = (prefix: string, c: string) => `${prefix}_01${c.repeat(24)}`;

describe('findIds', () => {
  it.each([
    ['a documented prefix in quotes', `x = "${id('pri', 'a')}"`, [[1, 6, id('pri', 'a')]]],
    [
      'the longer prefixes whole',
      `${id('txnitm', 'b')} ${id('paymtd', 'c')}`,
      [
        [1, 1, id('txnitm', 'b')],
        [1, 35, id('paymtd', 'c')],
      ],
    ],
    ['lines and columns after newlines', `a\n\n  ${id('ctm', 'd')}`, [[3, 3, id('ctm', 'd')]]],
    ['in a URL query', `?_ptxn=${id('txn', 'e')}&x`, [[1, 8, id('txn', 'e')]]],
    [
      'not with a letter, digit or _ glued before or after',
      `x${id('pro', 'f')} ${id('pro', 'f')}g ${id('pro', 'f')}_`,
      [],
    ],
    ['not an upper-case id, nor 25 characters', `PRO_01${'A'.repeat(24)} pro_01${'a'.repeat(23)}`, []],
    ['not an unknown prefix', `foo_01${'a'.repeat(24)}`, []],
  ])('%s', (_title, text, expected) => {
    expect(findIds('f', text).map((o) => [o.line, o.column, o.id])).toEqual(expected);
  });

  it('a NUL in the first 8 KB is binary', () => {
    expect(looksBinary(Buffer.from('a\0b'))).toBe(true);
    expect(looksBinary(Buffer.from(`${'a'.repeat(9000)}\0`))).toBe(false);
  });
});

describe('checkReferences', () => {
  const at = (i: string) => ({ file: 'f', line: 1, column: 1, id: i });
  const found = new Map<string, FoundObject>([
    [
      id('pri', 'a'),
      {
        id: id('pri', 'a'),
        kind: 'price',
        status: 'active',
        marker: { key: 'pro/m', catalog: 'default' },
        product: { id: id('pro', 'a'), status: 'active' },
      },
    ],
    [id('pri', 'b'), { id: id('pri', 'b'), kind: 'price', status: 'archived' }],
    [
      id('pri', 'c'),
      {
        id: id('pri', 'c'),
        kind: 'price',
        status: 'active',
        product: { id: id('pro', 'c'), status: 'archived' },
      },
    ],
    [
      id('dsc', 'd'),
      {
        id: id('dsc', 'd'),
        kind: 'discount',
        status: 'expired',
        marker: { key: 'spring', catalog: 'billing' },
      },
    ],
  ]);
  const other = {
    environment: 'production' as const,
    source: 'ids.ts',
    found: new Map([[id('pri', 'e'), { kind: 'price' as const, owner: 'pro/y' }]]),
  };

  it.each([
    ['an active price of an active product', id('pri', 'a'), 'ok', 'pro/m'],
    ['an archived price', id('pri', 'b'), 'archived', undefined],
    ['an active price of an archived product', id('pri', 'c'), 'product-archived', undefined],
    ['an expired discount, owned by another catalog', id('dsc', 'd'), 'archived', 'billing:spring'],
    ['an id of the other environment', id('pri', 'e'), 'other-environment', 'pro/y'],
    ['an id in neither', id('pri', 'f'), 'unknown-id', undefined],
    ['a kind that is not looked up', id('sub', 'g'), 'not-checked', undefined],
    ['a kind the key may not read', id('ctm', 'h'), 'not-checked', undefined],
  ])('%s', (_title, which, verdict, owner) => {
    const [reference] = checkReferences([at(which)], {
      environment: 'sandbox',
      found,
      unreadable: [{ prefix: 'ctm', permission: 'customer.read' }],
      other,
    });
    expect(reference?.verdict).toBe(verdict);
    expect(reference?.owner).toBe(owner);
  });
});

describe("the tool's own outputs, recognised by what they hold", () => {
  it.each([
    ['a review', '### paddle-catalog plan · `catalog.yaml`\n\n**sandbox** · 1 change', true],
    ['a saved plan', '{\n  "format": "paddle-catalog-plan",\n  "version": 1\n}\n', true],
    ['a saved plan with its format field last', '{"version": 2, "format": "paddle-catalog-plan"}', true],
    ['a README quoting the heading', '# App\n\n### paddle-catalog plan · `x`', false],
    ['JSON that only names the format', '{"note": "paddle-catalog-plan"}', false],
    ['JSON that is not whole', '{"format": "paddle-catalog-plan"', false],
  ])('%s: %s', (_what, text, own) => {
    expect(isOwnOutput(text)).toBe(own);
  });
});
