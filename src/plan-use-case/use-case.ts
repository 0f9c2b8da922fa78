// `plan`'s use-case: the account read (account.ts) through one paced caller for the run, the review
// of what the plan changes for customers and subscribers, then the tool-server scripts (--emit) or
// the saved plan (--out). What a person sees (spinners, the step summary) comes in through the hooks.
import type { Catalog } from '../catalog/schema.js';
import { type NoticesWritten, readNotices, writeNotices } from '../notices/notices.js';
import type { AccountTime } from '../paddle/account-time.js';
import { type CallerSettings, createRunCallers, type RunCallers } from '../paddle/calls.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import type { CustomersByIdGateway } from '../paddle/customers-gateway.js';
import type { Target } from '../paddle/target.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { SubscriptionsGateway } from '../planner/subscribers.js';
import type { DiffOptions } from '../planner/types.js';
import { type ReviewGateways, reviewPlan } from '../review/review.js';
import type { Review } from '../review/types.js';
import { type SavedPlanNote, type SecretMask, savePlan } from '../saved-plan/save.js';
import { shown } from '../text/escape.js';
import { type EmittedScripts, emitToolServerScripts } from '../tool-server/emit.js';
import { type PlanHooks, type PlanResult, planAccount } from './account.js';
import { refuseOneFileForTwoOutputs } from './outputs.js';

export interface PlanRunRequest {
  environment: EnvironmentName;
  catalog: Catalog;
  gateway: CatalogGateway;
  subscriptions?: SubscriptionsGateway;
  options: DiffOptions;
  settings: CallerSettings;
  /** the time the run judges by: the account's (src/paddle/account-time.ts); absent: the settings' clock */
  accountTime?: AccountTime;
  review: { gateways: ReviewGateways; countries: readonly string[] };
  /** --notices-out: the customers to tell of the moves, written to `file` (.csv or .json) */
  notices?: { file: string; cwd: string; customers: CustomersByIdGateway };
  /** --emit: the scripts, written one file each into `dir` when given */
  emit?: { dir?: string };
  /** --out: the saved plan, with its review (src/saved-plan/save.ts) */
  save?: {
    file: string;
    context: { catalogFile: string; target: Target; toolVersion: string; cwd: string };
    secrets: SecretMask;
  };
}

export interface PlanRunHooks extends PlanHooks {
  /** runs the review (e.g. under a spinner) */
  reviewing?: <T>(work: () => Promise<T>) => Promise<T>;
  /** the reviewed plan, before scripts or a saved plan are written */
  reviewed?: (result: ReviewedPlan) => Promise<void>;
  /** runs --emit's read of the subscriptions to move (only when the plan moves subscribers) */
  emitting?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The plan with its moves' next bills, and its review.
 * @public docs/architecture.md's glossary names it (test/architecture/glossary.test.ts).
 */
export interface ReviewedPlan extends PlanResult {
  review: Review;
}

export interface PlanRun extends ReviewedPlan {
  /** the requests the run sent to Paddle */
  requests: number;
  emitted?: EmittedScripts;
  saved?: SavedPlanNote;
  /** --notices-out: the file written (as given, escaped), its rows and the subscriptions left out */
  notices?: NoticesWritten;
}

const run = <T>(hook: (<U>(work: () => Promise<U>) => Promise<U>) | undefined, work: () => Promise<T>) =>
  hook ? hook(work) : work();

export async function planAndReview(request: PlanRunRequest, hooks: PlanRunHooks = {}): Promise<PlanRun> {
  const { environment, catalog, gateway, subscriptions, options } = request;
  if (request.save && request.notices)
    await refuseOneFileForTwoOutputs(request.notices.cwd, request.save.file, request.notices.file);
  // one paced caller for the run: the account read, the review and the scripts' read share the limit
  const callers = createRunCallers(request.settings);
  // the account's time predicts what waits and until when, and dates the notices and the scripts
  const { accountTime } = request;
  const time = accountTime ?? request.settings.clock;
  const planned = await planAccount(
    {
      environment,
      catalog,
      gateway,
      subscriptions,
      options,
      settings: request.settings,
      calls: callers.calls,
      ...(accountTime ? { accountTime } : {}),
    },
    hooks,
  );
  const review = await run(hooks.reviewing, () =>
    reviewPlan({ plan: planned.plan, ...request.review, callers, now: time.now() }),
  );
  const result: ReviewedPlan = { ...planned, review };
  await hooks.reviewed?.(result);
  const notices = request.notices
    ? await writeNoticesOf(request.notices, {
        result,
        catalog,
        callers,
        time,
      })
    : undefined;
  if (request.emit) {
    const emit = () =>
      emitToolServerScripts({
        plan: result.plan,
        dir: request.emit?.dir,
        subscriptions,
        settings: request.settings,
        calls: callers.calls,
        ...(accountTime ? { accountTime } : {}),
      });
    const emitted = result.plan.moves ? await run(hooks.emitting, emit) : await emit();
    return { ...result, emitted, ...(notices ? { notices } : {}), requests: callers.requests() };
  }
  const { save } = request;
  const saved = save
    ? await savePlan(result, { ...save.context, catalog }, save.file, save.secrets)
    : undefined;
  return {
    ...result,
    ...(saved ? { saved } : {}),
    ...(notices ? { notices } : {}),
    requests: callers.requests(),
  };
}

/** The customers to tell read (by id, in pages, through the run's caller) and written. */
async function writeNoticesOf(
  out: NonNullable<PlanRunRequest['notices']>,
  run: { result: ReviewedPlan; catalog: Catalog; callers: RunCallers; time: AccountTime },
): Promise<NoticesWritten> {
  const notices = await readNotices({
    plan: run.result.plan,
    catalog: run.catalog,
    listed: run.result.listed,
    customers: out.customers,
    calls: run.callers.calls,
    now: run.time.now(),
  });
  await writeNotices(out.cwd, out.file, notices.rows);
  return { file: shown(out.file), rows: notices.rows.length, left_out: notices.cancelsFirst };
}
