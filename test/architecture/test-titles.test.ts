// A test proves its title only if it can fail: a case called through `?.()` (`cases[name]?.()`)
// passes when the case is missing, and a test whose only `expect` sits under an `if` passes when
// the condition is false. Neither is written in any test file; read with TypeScript's own parser.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import type * as TS from 'typescript';
import { describe, expect, it } from 'vitest';

// required, not imported: an ESM import of the CommonJS compiler first lexes its 9 MB for named exports
const ts: typeof import('typescript') = createRequire(import.meta.url)('typescript');

const TEST = resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The name a call's callee starts from: `it` for it(…), it.each(…)(…) and it.skipIf(…)(…). */
function rootName(node: TS.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) return rootName(node.expression);
  return undefined;
}

const isExpect = (node: TS.Node): boolean =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expect';

/** Every `expect(…)` written in a test's own body (not in the helpers it calls). */
function expectsIn(body: TS.Node): TS.Node[] {
  const found: TS.Node[] = [];
  const visit = (node: TS.Node) => {
    if (isExpect(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

function underIf(node: TS.Node, body: TS.Node): boolean {
  for (let at = node.parent; at && at !== body; at = at.parent) if (ts.isIfStatement(at)) return true;
  return false;
}

/** Where a file calls a looked-up case through `?.()`, and each test whose only expect is under an `if`. */
function findings(file: string, text: string): { optionalCalls: string[]; guardedOnlyExpect: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const where = (node: TS.Node) =>
    `${relative(TEST, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const optionalCalls: string[] = [];
  const guardedOnlyExpect: string[] = [];
  const visit = (node: TS.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        node.questionDotToken &&
        (ts.isElementAccessExpression(callee) || ts.isPropertyAccessExpression(callee))
      )
        optionalCalls.push(where(node));
      const name = rootName(callee);
      const body = node.arguments.at(-1);
      if ((name === 'it' || name === 'test') && body && ts.isFunctionLike(body)) {
        const expects = expectsIn(body);
        const only = expects[0];
        if (expects.length === 1 && only && underIf(only, body)) guardedOnlyExpect.push(where(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { optionalCalls, guardedOnlyExpect };
}

describe('tests that can fail', () => {
  const all = testFiles(TEST).map((file) => findings(file, readFileSync(file, 'utf8')));

  it('the check finds both: a case called through ?.(), and an only expect under an if', () => {
    const bad = [
      "it.each(['a'])('%s', (name) => { cases[name]?.(); });",
      "it('x', () => { cases.monthly?.(); });",
      "it('x', () => { if (on) expect(1).toBe(1); });",
      "it.each([1])('%s', (n) => { if (n) { expect(n).toBe(1); } });",
    ].join('\n');
    expect(findings(join(TEST, 'bad.test.ts'), bad)).toEqual({
      optionalCalls: ['bad.test.ts:1', 'bad.test.ts:2'],
      guardedOnlyExpect: ['bad.test.ts:3', 'bad.test.ts:4'],
    });
    // an optional request body made by a factory is no case: a missing one sends no body
    const good = [
      "it.each(Object.entries(cases))('%s', (_, check) => check());",
      "it('x', () => { if (on) expect(1).toBe(1); expect(on).toBe(true); });",
      "it('x', async () => expect(await send({ body: body?.() })).toBe(1));",
    ].join('\n');
    expect(findings(join(TEST, 'good.test.ts'), good)).toEqual({ optionalCalls: [], guardedOnlyExpect: [] });
  });

  it('no test file calls a case through ?.() (a missing case would pass)', () => {
    expect(all.length).toBeGreaterThan(200);
    expect(all.flatMap((f) => f.optionalCalls)).toEqual([]);
  });

  it('no test guards its only expect with an if (a false condition would pass)', () => {
    expect(all.flatMap((f) => f.guardedOnlyExpect)).toEqual([]);
  });
});
