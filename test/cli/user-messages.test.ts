// What a person at a terminal reads: prompts without colour when colour is off, key hints that
// point at something that is actually printed.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hintForRemoteError } from '../../src/paddle/error-hints.js';
import type { Io } from '../../src/terminal/io.js';
import { promptTheme } from '../../src/terminal/prompts.js';
import { Reporter } from '../../src/terminal/reporter.js';
import { defined } from '../support/defined.js';

function terminal(env: NodeJS.ProcessEnv): Io {
  const tty = { write: () => true, isTTY: true };
  return { stdout: tty, stderr: tty, stdin: process.stdin, env, cwd: process.cwd() };
}

describe('prompt colours follow the colour rules', () => {
  it('NO_COLOR on a terminal: prompts get the plain theme, no escape codes', () => {
    const theme = defined(
      promptTheme(new Reporter(terminal({ NO_COLOR: '1' }), { json: false, color: true })),
      'a prompt theme',
    );
    const rendered = [
      theme.prefix.idle,
      theme.prefix.done,
      theme.style.message('Apply?'),
      theme.style.answer('Yes'),
      theme.style.defaultAnswer('x'),
      theme.style.keysHelpTip([['↑↓', 'navigate']]),
    ].join(' ');
    expect(stripVTControlCharacters(rendered)).toBe(rendered);
    expect(theme.style.defaultAnswer('x')).toBe('(x)');
  });

  it('--no-color on a terminal: the plain theme too', () => {
    expect(promptTheme(new Reporter(terminal({}), { json: false, color: false }))).toBeDefined();
  });

  it('a colour terminal keeps inquirer’s own theme', () => {
    expect(promptTheme(new Reporter(terminal({ FORCE_COLOR: '1' }), { json: false, color: true }))).toBe(
      undefined,
    );
  });
});

describe('API key hints', () => {
  it('a rejected key names the permission of the call, not one "named above"', () => {
    const hint = hintForRemoteError({
      code: 'invalid_token',
      detail: 'Invalid or revoked API key.',
      status: 403,
      operation: 'list products',
      permissions: ['product.read', 'price.read'],
    } as Parameters<typeof hintForRemoteError>[0]);
    expect(hint).not.toContain('named above');
    expect(hint).toContain('with product.read and price.read');
  });

  it('without a known operation, no permission is claimed', () => {
    const hint = hintForRemoteError({
      code: 'invalid_token',
      detail: 'Invalid or revoked API key.',
      status: 403,
    } as Parameters<typeof hintForRemoteError>[0]);
    expect(hint).toContain('API keys for the same environment');
  });
});
