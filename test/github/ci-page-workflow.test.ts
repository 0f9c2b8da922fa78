// The CI workflow of docs/ci.md, run here as far as it can run: its YAML is parsed, every `run:` step is
// executed by bash as a runner would (npx paddle-catalog being the built CLI) against the emulator,
// with the runner's files for outputs and the summary; the steps of other actions are stood in for
// by what they do with files (the pull request's plan artifact carried to the merge's apply job, the
// comment's body read), and
// this repository's composite action (action.yml) runs its own script with the step's inputs.
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { createCatalogGateway } from '../../src/paddle/catalog-gateway.js';
import { npxStandIn } from '../support/action-script.js';
import { tempDir } from '../support/catalog-files.js';
import { call } from '../support/emulator.js';
import { BIN, ROOT } from '../support/run-cli.js';
import { runCliInProcess } from '../support/run-cli-in-process.js';

interface ChangeWrite {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  environment?: string;
  concurrency?: unknown;
  env?: Record<string, string>;
  steps: ChangeWrite[];
}

/** A request that writes: plan's previews of prices (POSTs that change nothing) are reads. */
const isWrite = (r: { method: string; path: string }) =>
  r.method !== 'GET' && r.path !== '/pricing-preview' && r.path !== '/transactions/preview';

const ciPage = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
const yamlText =
  /<!-- ci-workflow:start -->\n```yaml\n([\s\S]*?)```\n<!-- ci-workflow:end -->/.exec(ciPage)?.[1] ?? '';
const workflow = parse(yamlText) as {
  on: { pull_request: { types: string[]; paths: string[] } };
  jobs: Record<string, Job>;
};
const { plan: planJob, apply: applyJob } = workflow.jobs as { plan: Job; apply: Job };
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { steps: [{ run: string; env: Record<string, string> }] };
};
const isOurAction = (step: ChangeWrite) => /^<owner>\/paddle-catalog@/.test(step.uses ?? '');

/** What the composite action runs for a step: its script, with the inputs as its environment. */
function actionScript(step: ChangeWrite): { run: string; env: Record<string, string> } {
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [
      name,
      String(step.with?.[name] ?? input.default ?? ''),
    ]),
  );
  const [composite] = action.runs.steps;
  const env = Object.fromEntries(
    Object.entries(composite.env).map(([k, v]) => [
      k,
      v.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_m, n: string) => inputs[n] ?? ''),
    ]),
  );
  return { run: composite.run, env };
}

/** `# …; permissions: a.read, b.read` on the line above the secret's PADDLE_API_KEY in the workflow. */
function permissionsOf(secret: string): string[] {
  const match = new RegExp(
    `permissions: ([a-z_., ]+)\\n\\s*PADDLE_API_KEY: \\$\\{\\{ secrets\\.${secret} \\}\\}`,
  ).exec(ciPage);
  return match?.[1]?.split(', ') ?? [];
}

let emulator: RunningEmulator;
let secrets: Record<string, string>;
let shims: string;

beforeAll(async () => {
  emulator = await startEmulator({ demo: false });
  // each key with exactly the permissions the workflow's comment above it lists
  const key = (secret: string) => emulator.addApiKey(permissionsOf(secret), 'production');
  secrets = { PADDLE_LIVE_READ_KEY: key('PADDLE_LIVE_READ_KEY'), PADDLE_LIVE_KEY: key('PADDLE_LIVE_KEY') };
  // `npx --no paddle-catalog …` is the CLI this repository builds
  shims = npxStandIn([process.execPath, BIN]);
});
afterAll(() => emulator.close());

/** `${{ … }}` as the runner fills it in, for the few expressions the workflow uses. */
function expand(text: string, context: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expr: string) => {
    if (expr.startsWith('secrets.')) return secrets[expr.slice(8)] ?? '';
    return context[expr] ?? '';
  });
}

/** `a == 'x' && b != 'y' && c == true`: each side a context name, a quoted string or a boolean. */
function holds(condition: string | undefined, context: Record<string, string>): boolean {
  if (!condition) return true;
  return condition.split('&&').every((part) => {
    const [left = '', op = '', right = ''] = /^\s*(\S+)\s*(==|!=)\s*(\S+)\s*$/.exec(part)?.slice(1) ?? [];
    const value = (side: string) =>
      /^'.*'$/.test(side) ? side.slice(1, -1) : /^(true|false)$/.test(side) ? side : (context[side] ?? '');
    return (value(left) === value(right)) === (op === '==');
  });
}

interface JobRun {
  /** the steps' outputs: `steps.<id>.outputs.<name>` */
  outputs: Record<string, string>;
  failed?: { run: string; stderr: string };
  comment?: string;
  summary?: string;
}

/** One job in a fresh workspace: run steps by bash, other actions by what they do with files. */
/** bash as a runner starts it, asynchronously: the emulator answers from this very process. */
function bash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

async function runJob(
  job: Job,
  context: Record<string, string>,
  repo: string,
  artifacts: string,
): Promise<JobRun> {
  const workspace = tempDir();
  copyFileSync(join(repo, 'catalog.yaml'), join(workspace, 'catalog.yaml'));
  writeFileSync(join(workspace, 'summary.md'), '');
  const result: JobRun = { outputs: {} };
  const stepOutputs = result.outputs;
  for (const step of job.steps) {
    const scope = { ...context, ...stepOutputs };
    if (!holds(step.if, scope)) continue;
    if (step.uses?.startsWith('actions/upload-artifact')) {
      copyFileSync(join(workspace, String(step.with?.path)), join(artifacts, String(step.with?.name)));
    } else if (step.uses?.startsWith('dawidd6/action-download-artifact')) {
      // the artifact of the pull request's run for its last commit: the file its plan job uploaded
      copyFileSync(join(artifacts, String(step.with?.name)), join(workspace, 'plan.json'));
    } else if (step.uses?.startsWith('marocchino/sticky-pull-request-comment')) {
      result.comment = readFileSync(join(workspace, String(step.with?.path)), 'utf8');
    } else if ((step.run && step.run !== 'npm ci') || isOurAction(step)) {
      const output = join(workspace, `output-${step.id ?? 'step'}`);
      writeFileSync(output, '');
      const env = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, expand(v, scope)]));
      const script = isOurAction(step) ? actionScript(step) : { run: step.run ?? '', env: {} };
      const done = await bash(script.run, workspace, {
        ...process.env,
        ...env,
        ...script.env,
        PATH: `${shims}:${process.env.PATH}`,
        PADDLE_API_URL: emulator.url,
        GITHUB_ACTIONS: 'true',
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: join(workspace, 'summary.md'),
      });
      if (done.status !== 0) return { ...result, failed: { run: script.run, stderr: done.stderr } };
      for (const match of readFileSync(output, 'utf8').matchAll(/^(\w+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
        stepOutputs[`steps.${step.id}.outputs.${match[1]}`] = match[3] ?? '';
      }
    }
  }
  result.summary = readFileSync(join(workspace, 'summary.md'), 'utf8');
  return result;
}

/** The jobs of one pull_request event whose `if:` holds, sharing the pull request's artifacts. */
async function runEvent(context: Record<string, string>, repo: string, artifacts: string) {
  const ran: { plan?: JobRun; apply?: JobRun } = {};
  if (holds(planJob.if, context)) ran.plan = await runJob(planJob, context, repo, artifacts);
  if (holds(applyJob.if, context)) ran.apply = await runJob(applyJob, context, repo, artifacts);
  return ran;
}

const pushed = { 'github.event_name': 'pull_request', 'github.event.action': 'synchronize' };
const merged = {
  'github.event_name': 'pull_request',
  'github.event.action': 'closed',
  'github.event.pull_request.merged': 'true',
};

/** A pull request: a push (plan, comment, artifact); then (when `between` ran) its merge (apply). */
async function runWorkflow(repo: string, between?: () => Promise<void>) {
  const artifacts = tempDir();
  const { plan = { outputs: {} }, apply: applyOnPush } = await runEvent(pushed, repo, artifacts);
  expect(applyOnPush).toBeUndefined();
  if (plan.failed || !between) return { plan };
  await between();
  const { plan: planOnMerge, apply } = await runEvent(merged, repo, artifacts);
  expect(planOnMerge).toBeUndefined();
  return { plan, apply };
}

function repoWith(catalog: string): string {
  const repo = tempDir();
  writeFileSync(join(repo, 'catalog.yaml'), catalog);
  return repo;
}

const STARTER = readFileSync(join(ROOT, 'catalogs/saas-starter.yaml'), 'utf8');

describe('the CI workflow of docs/ci.md', { timeout: 120_000 }, () => {
  it('is the workflow: a pull request plans (saved plan as an artifact, one sticky comment); its merge applies that artifact behind an environment, one at a time', () => {
    expect(workflow.on).toEqual({
      pull_request: { types: ['opened', 'synchronize', 'reopened', 'closed'], paths: ['catalog.yaml'] },
    });
    const runs = planJob.steps.map((s) => s.run ?? s.uses ?? '');
    const validate = planJob.steps.find((s) => isOurAction(s) && s.with?.command === 'validate');
    expect(validate?.with).toMatchObject({ catalog: 'catalog.yaml', production: true });
    expect(runs.find((r) => r.includes('paddle-catalog plan'))).toContain(
      '--out plan.json --format markdown > review.md',
    );
    const comment = planJob.steps.find((s) => s.uses?.startsWith('marocchino/sticky-pull-request-comment@'));
    expect(comment?.with).toMatchObject({ header: 'paddle-catalog', path: 'review.md' });
    // the plan job runs on each push to the pull request, never on its close; apply only on a merge
    expect([pushed, merged].map((c) => holds(planJob.if, c))).toEqual([true, false]);
    const closedUnmerged = { ...merged, 'github.event.pull_request.merged': 'false' };
    expect([pushed, closedUnmerged, merged].map((c) => holds(applyJob.if, c))).toEqual([false, false, true]);
    // each key's permissions are listed, moves included; the plan's key writes nothing
    expect(permissionsOf('PADDLE_LIVE_READ_KEY')).toEqual(
      expect.arrayContaining(['product.read', 'price.read', 'transaction.read', 'subscription.read']),
    );
    expect(permissionsOf('PADDLE_LIVE_READ_KEY').some((p) => p.endsWith('.write'))).toBe(false);
    expect(permissionsOf('PADDLE_LIVE_KEY')).toEqual(
      expect.arrayContaining(['product.write', 'price.write', 'subscription.write']),
    );
    expect(applyJob).toMatchObject({
      environment: 'production',
      concurrency: 'paddle-production',
      permissions: { actions: 'read' },
    });
    // apply plans nothing: it downloads the plan the pull request's last commit uploaded, and applies it
    expect(applyJob.steps.some((s) => s.run?.includes('paddle-catalog plan'))).toBe(false);
    const upload = planJob.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with).toMatchObject({ path: 'plan.json', overwrite: true });
    const download = applyJob.steps.find((s) => s.uses?.startsWith('dawidd6/action-download-artifact@'));
    expect(download?.with).toEqual({
      workflow: 'catalog.yml',
      commit: expect.stringMatching(/^\$\{\{ github\.event\.pull_request\.head\.sha \}\}$/),
      workflow_conclusion: 'success',
      name: upload?.with?.name,
    });
    expect(ciPage).toContain('(save it as `.github/workflows/catalog.yml`)');
    expect(applyJob.steps.at(-1)).toMatchObject({
      uses: expect.stringMatching(/^<owner>\/paddle-catalog@/),
      with: { command: 'apply', 'plan-file': 'plan.json', production: true },
    });
  });

  // One pull request of the starter catalog serves the next two tests: its push (2 CLI runs), then
  // its merge (1 more). Made on first use, so either test also runs alone; the push's findings are
  // kept as they were when it ran.
  let starterPullRequest:
    | Promise<{ repo: string; artifacts: string; plan: JobRun; writesAfterPush: unknown[] }>
    | undefined;
  const pushStarter = () => {
    starterPullRequest ??= (async () => {
      emulator.reset();
      const repo = repoWith(STARTER);
      const artifacts = tempDir();
      const { plan = { outputs: {} }, apply } = await runEvent(pushed, repo, artifacts);
      expect(apply).toBeUndefined();
      return { repo, artifacts, plan, writesAfterPush: emulator.requests().filter(isWrite) };
    })();
    return starterPullRequest;
  };

  it('pull request: validate, the saved plan uploaded, the review as the comment (the step summary too); nothing applied', async () => {
    const { plan, writesAfterPush } = await pushStarter();
    expect(plan.failed, plan.failed?.stderr).toBeUndefined();
    expect(plan.outputs['steps.plan.outputs.has_changes']).toBe('true');
    expect(plan.comment).toMatch(
      /^### paddle-catalog plan · `catalog\.yaml`\n\n\*\*production\*\* · Plan: 6 to create/,
    );
    expect(plan.comment).toContain('+ create price starter/monthly');
    expect(plan.summary).toBe(plan.comment);
    expect(writesAfterPush).toEqual([]);
  });

  it('merge: the plan the pull request reviewed is applied, even when the checked-out catalog differs; a pull request with nothing new applies "no changes"', async () => {
    const { repo, artifacts, plan } = await pushStarter();
    expect(plan.failed, plan.failed?.stderr).toBeUndefined();
    // the apply job plans nothing: a catalog it checks out is not what it applies
    writeFileSync(join(repo, 'catalog.yaml'), 'not: a catalog\n');
    const merge = await runEvent(merged, repo, artifacts);
    expect(merge.plan).toBeUndefined();
    expect(merge.apply?.failed, merge.apply?.failed?.stderr).toBeUndefined();
    expect(merge.apply?.outputs['steps.apply.outputs.applied']).toBe('true');
    expect(emulator.requests().filter(isWrite)).toHaveLength(6);
    const again = await runWorkflow(repoWith(STARTER), async () => {});
    expect(again.plan.outputs['steps.plan.outputs.has_changes']).toBe('false');
    expect(again.apply?.failed, again.apply?.failed?.stderr).toBeUndefined();
    expect(again.apply?.outputs['steps.apply.outputs.applied']).toBe('false');
    expect(emulator.requests().filter(isWrite)).toHaveLength(6);
  });

  it('merge while the account moves between review and approval: apply refuses, nothing written, as docs/ci.md says', async () => {
    emulator.reset();
    const repo = repoWith(STARTER);
    // the account as an earlier merge left it (that merge's run is the test above; here in-process)
    const earlier = await runCliInProcess(['apply', join(repo, 'catalog.yaml'), '--production', '--yes'], {
      env: { PADDLE_API_URL: emulator.url, PADDLE_API_KEY: emulator.liveApiKey },
    });
    expect(earlier.code, earlier.stderr).toBe(0);
    writeFileSync(join(repo, 'catalog.yaml'), STARTER.replace('name: Pro\n', 'name: Pro Plus\n'));
    const writes = () => emulator.requests().filter(isWrite).length;
    let mark = 0;
    const { plan, apply } = await runWorkflow(repo, async () => {
      // someone renames the product in the dashboard after the review, before the apply
      const gateway = createCatalogGateway({
        environment: 'production',
        baseUrl: emulator.url,
        apiKey: emulator.liveApiKey,
      });
      const pro = (await gateway.snapshot()).products.find((p) => p.name === 'Pro');
      await call(emulator, 'PATCH', `/products/${pro?.id}`, {
        body: { name: 'Pro (dashboard)' },
        key: emulator.liveApiKey,
      });
      mark = writes();
    });
    expect(plan.outputs['steps.plan.outputs.has_changes']).toBe('true');
    expect(apply?.failed?.stderr).toContain(
      'Not applying plan.json: the account moved since the plan; 1 key would now be planned differently: product pro: changed in the account since the plan',
    );
    expect(writes()).toBe(mark);
    expect(ciPage).toContain(
      '**When apply refuses because the account moved** (exit 1, `Not applying plan.json: the account\n  moved since the plan; …`',
    );
    expect(ciPage).toContain("re-run the pull request's `plan` job");
  });
});
