// What `plan` wires around its use-case (src/plan-use-case/use-case.ts): the request, from the session's
// gateways and the files its flags name; the views of its hooks (spinners, the step summary); and
// the view of its result with the exit code. The rules are the use-case's (src/plan-use-case/).
import { resolve } from 'node:path';
import type { CatalogIssue } from '../catalog/issue.js';
import type { LoadedCatalog } from '../catalog/read.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { savedPlanFile } from '../plan-use-case/input.js';
import type { PlanRun, PlanRunHooks, PlanRunRequest } from '../plan-use-case/use-case.js';
import type { DiffOptions } from '../planner/types.js';
import { touchesSubscribers } from '../review/review.js';
import { reviewCountries } from '../review/select.js';
import type { Io } from '../terminal/io.js';
import type { Reporter } from '../terminal/reporter.js';
import type { EMIT_FORMATS } from '../tool-server/emit.js';
import { planExitCode } from '../views/exit-codes.js';
import { publishPlan } from '../views/github/step-summary.js';
import type { PLAN_FORMATS } from '../views/plan/plan.js';
import * as planView from '../views/plan/plan.js';
import * as scriptsView from '../views/plan/scripts.js';
import { READING_SUBSCRIPTIONS } from '../views/plan/scripts.js';
import { readingCatalog } from '../views/run.js';
import { show } from '../views/view.js';
import { callerSettings } from './command.js';
import {
  catalogGateway,
  customersByIdGateway,
  reviewGateways,
  type Session,
  subscriptionsGateway,
  type TargetFlags,
} from './target-options.js';
import { packageVersion } from './version.js';

export interface PlanFlags extends TargetFlags, DiffOptions {
  emit?: (typeof EMIT_FORMATS)[number];
  /** the saved plan's file; with --emit, the scripts' folder */
  out?: string;
  detailedExitcode?: boolean;
  format?: (typeof PLAN_FORMATS)[number];
  /** the review's countries, replacing the catalog's `review.countries` */
  countries?: string[];
  /** exit 3 when a change touches subscribers */
  failOnSubscribers?: boolean;
  /** the customers to tell of the moves, .csv or .json */
  noticesOut?: string;
}

/** The use-case's request: the session's gateways, and the files --out, --emit and --notices-out name. */
export async function planRequest(
  session: Session,
  { reporter, io }: { reporter: Reporter; io: Io },
  { file, loaded, flags }: { file: string; loaded: LoadedCatalog; flags: PlanFlags },
): Promise<PlanRunRequest> {
  const { cwd } = io;
  const saveTo = savedPlanFile(flags);
  const context = { catalogFile: file, target: session.target, toolVersion: packageVersion(), cwd };
  const secrets = {
    redactDocument: <T>(document: T) => reporter.redactDocument(document),
    holds: (text: string) => reporter.holdsSecret(text),
  };
  return {
    environment: loaded.environment,
    catalog: loaded.catalog,
    gateway: await catalogGateway(session, reporter),
    subscriptions: await subscriptionsGateway(session),
    options: flags,
    settings: callerSettings(io),
    accountTime: session.target.accountTime,
    review: {
      gateways: await reviewGateways(session),
      countries: reviewCountries(loaded.catalog.review?.countries, flags.countries),
    },
    ...(flags.noticesOut
      ? { notices: { file: flags.noticesOut, cwd, customers: await customersByIdGateway(session) } }
      : {}),
    ...(flags.emit ? { emit: { dir: flags.out ? resolve(cwd, flags.out) : undefined } } : {}),
    ...(saveTo ? { save: { file: saveTo, context, secrets } } : {}),
  };
}

type PlanView = {
  file: string;
  warnings: readonly CatalogIssue[];
  format: (typeof PLAN_FORMATS)[number];
};

/** What a person sees as the run goes: the spinners, and the step summary once it is reviewed. */
export function planViews(
  reporter: Reporter,
  environment: EnvironmentName,
  view: PlanView & { prune?: boolean },
): PlanRunHooks {
  return {
    reading: (work) => reporter.during(readingCatalog(environment), work),
    reviewing: (work) => reporter.during('Reviewing what customers pay and the subscribers touched…', work),
    reviewed: (reviewed) => publishPlan(reporter, { ...reviewed, ...view }),
    emitting: (work) => reporter.during(READING_SUBSCRIPTIONS, work),
  };
}

/** The scripts (--emit) or the plan, as the flags ask; returns the exit code. */
export function showPlan(reporter: Reporter, result: PlanRun, flags: PlanFlags, view: PlanView): number {
  const exitCode = planExitCode(result.plan, flags.detailedExitcode, {
    failOn: flags.failOnSubscribers,
    touched: touchesSubscribers(result.plan, result.review),
  });
  if (flags.emit && result.emitted) {
    show(reporter, scriptsView, { ...result, ...result.emitted, format: flags.emit });
  } else {
    show(reporter, planView, { ...result, ...view });
  }
  return exitCode;
}
