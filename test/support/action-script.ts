// Runs the script of the repository's composite GitHub Action (action.yml) as a runner would: the
// inputs as INPUT_* variables, fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, in the folder of
// a project that has paddle-catalog installed. What the step wrote comes back parsed.
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { tempDir } from './catalog-files.js';
import { ROOT } from './run-cli.js';

interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: { id: string; run: string; env: Record<string, string> }[] };
}

export async function readAction(): Promise<ActionFile> {
  return parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as ActionFile;
}

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  /** what the step wrote to GITHUB_OUTPUT, by name */
  outputs: Record<string, string>;
  summary: string;
}

/** `name<<DELIMITER\nvalue\nDELIMITER` entries, as GitHub reads them. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
    outputs[match[1] as string] = match[3] as string;
  }
  return outputs;
}

/** The step's env as GitHub fills it: each `${{ inputs.x }}` is the input given, or its default. */
function inputEnv(action: ActionFile, inputs: Record<string, string>): Record<string, string> {
  const step = action.runs.steps[0];
  if (!step) throw new Error('action.yml has no step');
  return Object.fromEntries(
    Object.entries(step.env).map(([name, expression]) => {
      const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(expression)?.[1];
      if (!input) throw new Error(`${name}: ${expression} is not an input`);
      return [name, inputs[input] ?? action.inputs[input]?.default ?? ''];
    }),
  );
}

export async function runAction(
  inputs: Record<string, string>,
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<ActionRun> {
  const action = await readAction();
  const dir = await mkdtemp(join(tmpdir(), 'paddle-catalog-action-'));
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  await Promise.all(Object.values(files).map((file) => writeFile(file, '')));
  const env = { ...options.env, ...inputEnv(action, inputs), ...files, GITHUB_ACTIONS: 'true', CI: 'true' };
  const script = action.runs.steps[0]?.run ?? '';
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (done) => {
        execFile('bash', ['-c', script], { cwd: options.cwd, env }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          done({ code, stdout, stderr });
        });
      },
    );
    const outputs = parseOutputs(await readFile(files.GITHUB_OUTPUT, 'utf8'));
    return { code, stdout, stderr, outputs, summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A folder for the front of PATH whose `npx` does what `npx --no [--] paddle-catalog …` does where
 * the command is installed, without npm's own start-up (a second of CPU a run): runs `command` with
 * the rest of the arguments. Anything else (no --no, which could download, or another package) fails
 * as npx would find nothing. The test of npx itself finding the installed command runs the real npx.
 */
export function npxStandIn(command: string[]): string {
  const dir = tempDir();
  const quoted = command.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  writeFileSync(
    join(dir, 'npx'),
    [
      '#!/bin/sh',
      '[ "$1" = --no ] && shift || { echo "npx stand-in: no --no" >&2; exit 127; }',
      '[ "$1" = -- ] && shift',
      '[ "$1" = paddle-catalog ] && shift || { echo "npx stand-in: not paddle-catalog: $1" >&2; exit 127; }',
      `exec ${quoted} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(dir, 'npx'), 0o755);
  return dir;
}
