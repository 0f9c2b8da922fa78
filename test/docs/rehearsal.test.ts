// docs/emulator.md's "Rehearsing a price rise", run as written: every marked block of the section,
// in order (rehearsal-steps.ts reads them), in a copy of docs/examples/rise/. The emulator starts
// in-process on a clock of its own and moves only by its admin clock route, as the page moves it;
// paddle-catalog lines run in-process with its URL and key; curl lines are fetch calls; the day
// loop runs as the page writes it. Each command exits as its comment says (exit 0 unless it names
// another), and the rise ends as the issue of rehearsing it asks: the old price archived, the plan
// empty, and no transaction at the new price before bills_from.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { loadSeedFile } from '../../src/emulator/seed-file.js';
import { keyIn } from '../../src/planner/marker.js';
import { tempDir } from '../support/catalog-files.js';
import { listAll, manualClock } from '../support/emulator.js';
import { jumpingClock } from '../support/jumping-clock.js';
import { ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';
import { page } from './readme-text.js';
import { blocks, braces, curlRequest, logicalLines, section, words } from './rehearsal-steps.js';

/** Where the emulator's own clock stands when it starts: the page moves it from there. */
const STARTS_AT = '2027-01-01T00:00:00.000Z';
const EXAMPLES = 'docs/examples/rise';

const text = section(page('docs/emulator.md'), '## Rehearsing a price rise');

interface Ran {
  line: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One run of the rehearsal: the folder it runs in, its emulator, and what each line did. */
class Rehearsal {
  readonly dir = tempDir();
  emulator: RunningEmulator | undefined;
  readonly ran: Ran[] = [];
  /** `$?`: the exit code of the last command */
  status = 0;
  /** each day of the loop, with rollout's exit code that day */
  readonly days: { day: string; code: number }[] = [];
  loopEndedBy: 'break' | 'days' | undefined;
  /** every line run, a command after `&&` too once its test held */
  readonly seen = new Set<string>();

  constructor() {
    cpSync(join(ROOT, EXAMPLES), this.dir, { recursive: true });
  }

  vars(extra: Record<string, string> = {}): Record<string, string> {
    const e = this.emulator;
    const env: Record<string, string> = e ? { PADDLE_API_URL: e.url, PADDLE_API_KEY: e.apiKey } : {};
    return { ...env, '?': String(this.status), ...extra };
  }

  async startEmulator(args: string[]): Promise<void> {
    const [seedFlag, seedFile] = args.filter((a) => a !== '--no-demo');
    expect(args, 'the emulator flags the test knows: --no-demo, --seed <file>').toEqual([
      '--no-demo',
      seedFlag,
      seedFile,
    ]);
    expect(seedFlag).toBe('--seed');
    const seed = await loadSeedFile(join(this.dir, seedFile as string));
    this.emulator = await startEmulator({ demo: false, seed, now: manualClock(STARTS_AT).now });
  }

  async cli(args: string[], line: string): Promise<number> {
    const e = this.emulator as RunningEmulator;
    const result = await runCliInProcess(args, {
      env: { PADDLE_API_URL: e.url, PADDLE_API_KEY: e.apiKey },
      cwd: this.dir,
      clock: jumpingClock(Date.parse(STARTS_AT)),
      timeoutMs: 60_000,
    });
    this.ran.push({ line, ...result });
    return result.code ?? -1;
  }

  async curl(args: string[], line: string): Promise<number> {
    const request = curlRequest(args);
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const body = await response.text();
    this.ran.push({ line, code: response.status, stdout: body, stderr: '' });
    expect(response.status, `${line}\n${body}`).toBeLessThan(300);
    return 0;
  }

  /** One shell line (not a loop); returns its exit code. In a loop, `$?` is the loop's to test. */
  async line(line: string, vars: Record<string, string>, inLoop = false): Promise<number | 'break'> {
    this.seen.add(line);
    const { words: w, comment } = words(line, vars);
    const [first] = w;
    if (first === 'export') return 0; // the URL and key are the in-process emulator's
    if (first === '[') return this.test(w, line, vars, inLoop);
    if (first === 'curl') return this.curl(w, line);
    if (first !== 'paddle-catalog') throw new Error(`the rehearsal test does not run: ${line}`);
    if (w[1] === 'emulator') {
      expect(w.at(-1), 'the emulator runs in the background').toBe('&');
      await this.startEmulator(w.slice(2, -1));
      return 0;
    }
    const code = await this.cli(w.slice(1), line);
    if (!inLoop) this.expectAsSaid(code, comment, line);
    return code;
  }

  /** `[ A = B ] && cmd` and `[ A = B ] || break`: the two tests the page writes. */
  async test(
    w: string[],
    line: string,
    vars: Record<string, string>,
    inLoop: boolean,
  ): Promise<number | 'break'> {
    const [, left, op, right, close, then, ...rest] = w;
    expect([op, close], line).toEqual(['=', ']']);
    const equal = left === right;
    if (then === '||' && rest.join(' ') === 'break') return equal ? 0 : 'break';
    expect(then, line).toBe('&&');
    if (!equal) return 1;
    const command = line.slice(line.indexOf('&&') + 2).trim();
    return (await this.line(command, vars, inLoop)) as number;
  }

  /** The exit code a comment names (`exit 1: …`), 0 where it names none; and its quoted text shown. */
  expectAsSaid(code: number, comment: string, line: string): void {
    const ran = this.ran.at(-1) as Ran;
    const said = Number(comment.match(/\bexit (\d)\b/)?.[1] ?? 0);
    expect(code, `${line}\n${ran.stdout}\n${ran.stderr}`).toBe(said);
    for (const [, quoted] of comment.matchAll(/"([^"]+)"/g))
      expect(ran.stdout + ran.stderr, line).toContain(quoted);
  }

  /** `for day in …; do … done`: the body once per day, until `[ $? = 2 ] || break` breaks it. */
  async loop(header: string, body: string[]): Promise<void> {
    const w = words(header, this.vars());
    expect([w.words[0], w.words[2], w.words.at(-2), w.words.at(-1)], header).toEqual([
      'for',
      'in',
      ';',
      'do',
    ]);
    const name = w.words[1] as string;
    for (const value of w.words.slice(3, -2).flatMap(braces)) {
      for (const line of body) {
        const result = await this.line(line, this.vars({ [name]: value }), true);
        if (result === 'break') {
          this.loopEndedBy = 'break';
          return;
        }
        this.status = result;
        if (line.startsWith('paddle-catalog rollout')) this.days.push({ day: value, code: result });
      }
    }
    this.loopEndedBy = 'days';
  }

  async block(blockText: string): Promise<void> {
    const lines = logicalLines(blockText);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      if (line.startsWith('for ')) {
        const end = lines.indexOf('done', i);
        expect(end, `${line}: its done`).toBeGreaterThan(i);
        await this.loop(line, lines.slice(i + 1, end));
        i = end;
      } else {
        const result = await this.line(line, this.vars());
        expect(result).not.toBe('break');
        this.status = result as number;
      }
    }
  }
}

/** Whether `file` holds the lines of `shown` in a row, at one indentation (an excerpt shown dedented). */
function shownIn(file: string, shown: string): boolean {
  const lines = shown.split('\n');
  for (let indent = 0; indent <= 12; indent += 2) {
    if (file.includes(lines.map((l) => (l ? ' '.repeat(indent) + l : l)).join('\n'))) return true;
  }
  return false;
}

describe('docs/emulator.md: rehearsing a price rise, run as written to its end', () => {
  const r = new Rehearsal();
  const bills = parse(readFileSync(join(ROOT, EXAMPLES, 'catalog-2027.yaml'), 'utf8'));
  const billsFrom = bills.products.pro.prices['monthly-2027'].bills_from as string;

  beforeAll(async () => {
    for (const block of blocks(text)) if (block.kind === 'run') await r.block(block.text);
  }, 600_000);
  afterAll(async () => {
    await r.emulator?.close();
  });

  it('every fenced block of the section is marked: run by the test, or a file it holds', () => {
    const fences = text.match(/^\s*```[a-z]*\n/gm)?.length ?? 0;
    expect(blocks(text)).toHaveLength(fences / 2);
    for (const block of blocks(text)) {
      if (block.kind === 'file')
        expect(shownIn(readFileSync(join(ROOT, block.path), 'utf8'), block.text)).toBe(true);
    }
  });

  it('every line of the page ran, the payment on its day too', () => {
    const lines = blocks(text).flatMap((b) => (b.kind === 'run' ? logicalLines(b.text) : []));
    const commands = lines
      .filter((l) => !l.startsWith('for ') && l !== 'done')
      .map((l) => (l.startsWith('[') && l.includes('&&') ? l.slice(l.indexOf('&&') + 2).trim() : l));
    for (const command of commands) expect(r.seen, command).toContain(command);
  });

  it('each day rollout says "in progress" (exit 2) until the day it exits 0: the loop breaks, not runs out', () => {
    expect(r.loopEndedBy).toBe('break');
    const last = r.days.at(-1);
    expect(last?.code, JSON.stringify(r.ran.at(-1))).toBe(0);
    expect(r.days.slice(0, -1).every((d) => d.code === 2)).toBe(true);
    expect(last?.day).toBe(billsFrom);
  });

  it('the review wrote a notice row for each subscription the move bills anew (not the one set to cancel)', () => {
    const notices = readFileSync(join(r.dir, 'notices.csv'), 'utf8');
    for (const name of ['kim', 'jan', 'amy', 'tom', 'pat', 'lou', 'ada', 'max'])
      expect(notices).toContain(`${name}@example.com`);
    expect(notices).not.toContain('sam@example.com');
  });

  it('ends with the old price archived and no transaction at the new price before bills_from', async () => {
    const e = r.emulator as RunningEmulator;
    const prices = await listAll<{ id: string; status: string; custom_data: unknown }>(
      e,
      '/prices?per_page=200&status=active,archived',
    );
    const byKey = (key: string) => prices.find((p) => keyIn('default', p.custom_data as never) === key);
    expect(byKey('pro/monthly')?.status).toBe('archived');
    const rise = byKey('pro/monthly-2027');
    expect(rise?.status).toBe('active');
    const transactions = await listAll<{
      billed_at: string;
      items: { price: { id: string } }[];
    }>(e, '/transactions?per_page=30');
    const atNewPrice = transactions.filter((t) => t.items.some((i) => i.price.id === rise?.id));
    expect(atNewPrice.length).toBeGreaterThan(0);
    for (const t of atNewPrice) expect(Date.parse(t.billed_at)).toBeGreaterThanOrEqual(Date.parse(billsFrom));
  });
});
