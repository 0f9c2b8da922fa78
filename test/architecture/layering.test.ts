// The layering rules on made-up tables and imports: a table that cannot be read is refused rather
// than read as empty, and an import up a layer, against a rule or in a circle is reported.
import { describe, expect, it } from 'vitest';
import { circles, layerCheck, parseLayerTable } from './layering.js';

const TABLE = `Some words first.

| layer | folders | what they hold |
|---|---|---|
| 1 | \`cli\`, \`views\` | the entry points (\`program.ts\` is a file, not a folder) |
| 2 | \`plan\` | the planner |
| 3 | \`errors.ts\` | the typed errors |

After the table.`;

const NO_RULES = { onlyImportedBy: {}, onlyImports: {} };

describe('reading the folder table of docs/architecture.md', () => {
  it('reads each row as a layer, top first, with the folders in backticks of its second cell', () => {
    expect(parseLayerTable(TABLE)).toEqual([['cli', 'views'], ['plan'], ['errors']]);
  });

  it('refuses a page without the table, a row out of order, a row naming nothing, a folder named twice', () => {
    expect(() => parseLayerTable('| a | b |\n|---|---|\n| 1 | `cli` |')).toThrow(/no table/);
    expect(() => parseLayerTable(TABLE.replace('| 2 |', '| 4 |'))).toThrow(/row 2 .* numbered "4"/);
    expect(() => parseLayerTable(TABLE.replace('`plan`', 'plan'))).toThrow(/layer 2 names no folder/);
    expect(() => parseLayerTable(TABLE.replace('`plan`', '`cli`'))).toThrow(/names cli twice/);
  });
});

describe('an import checked against the layers', () => {
  const breaks = layerCheck(parseLayerTable(TABLE), {
    onlyImportedBy: { plan: ['cli'] },
    onlyImports: { cli: ['views', 'errors'] },
  });

  it('down the layers passes, and within one layer too', () => {
    expect(breaks({ from: 'views', to: 'errors' })).toBe(false);
    expect(breaks({ from: 'views', to: 'cli' })).toBe(false);
    expect(breaks({ from: 'cli', to: 'views' })).toBe(false);
  });

  it('up a layer, or to or from a folder the table does not name, is reported', () => {
    expect(breaks({ from: 'plan', to: 'views' })).toBe(true);
    expect(breaks({ from: 'errors', to: 'plan' })).toBe(true);
    expect(breaks({ from: 'views', to: 'billing' })).toBe(true);
    expect(breaks({ from: 'billing', to: 'errors' })).toBe(true);
  });

  it('against a rule beyond the layers is reported: a folder only some may import, one that may import only some', () => {
    expect(breaks({ from: 'views', to: 'plan' })).toBe(true);
    expect(breaks({ from: 'cli', to: 'plan' })).toBe(true);
    const plain = layerCheck(parseLayerTable(TABLE), NO_RULES);
    expect(plain({ from: 'views', to: 'plan' })).toBe(false);
    expect(plain({ from: 'cli', to: 'plan' })).toBe(false);
  });
});

describe('imports in a circle', () => {
  it('names the folders of each circle once, and none when the imports go one way', () => {
    const oneWay = [
      { from: 'cli', to: 'views' },
      { from: 'views', to: 'plan' },
      { from: 'cli', to: 'plan' },
    ];
    expect(circles(oneWay)).toEqual([]);
    expect(
      circles([
        ...oneWay,
        { from: 'plan', to: 'cli' },
        { from: 'errors', to: 'text' },
        { from: 'text', to: 'errors' },
      ]),
    ).toEqual([
      ['cli', 'plan', 'views'],
      ['errors', 'text'],
    ]);
  });
});
