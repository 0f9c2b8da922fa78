// The flags every command that talks to Paddle shares, and the session they open: the target
// (environment, base URL, key), the banner on stderr, and for --local an in-process emulator.
import type { Command } from 'commander';
import type { Catalog, EnvironmentSettings } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import { accountTime, type HeardAccountTime } from '../paddle/account-time.js';
import type { CatalogGateway } from '../paddle/catalog-gateway.js';
import { systemClock } from '../paddle/clock.js';
import type { CustomersByIdGateway } from '../paddle/customers-gateway.js';
import { identifyTarget } from '../paddle/identify-target.js';
import { resolveTarget, type Target } from '../paddle/target.js';
import { refuseLocalDestinations } from '../plan-use-case/local-destinations.js';
import type { SubscriptionsGateway } from '../planner/subscribers.js';
import type { ReviewGateways } from '../review/review.js';
import type { Reporter } from '../terminal/reporter.js';

export interface TargetFlags {
  production?: boolean;
  local?: boolean;
}

export function addTargetOptions(command: Command): Command {
  return command
    .option('--production', 'target the production account (default: sandbox)')
    .option('--local', 'run against a built-in Paddle emulator started for this run (no account needed)');
}

/** What the command's catalog tells the session: the file, its target settings, and what it holds. */
export interface SessionContext {
  catalogFile?: string;
  settings?: EnvironmentSettings;
  /** the catalog to apply or plan: a destination on this machine is refused unless the target is the emulator */
  catalog?: Catalog;
  /** the catalog came from a saved plan */
  saved?: boolean;
}

/** The session's context for a command that plans or applies a catalog (a saved plan's included). */
export function catalogContext(
  file: string,
  input: { settings: EnvironmentSettings; catalog: Catalog; saved?: unknown },
): SessionContext {
  return {
    catalogFile: file,
    settings: input.settings,
    catalog: input.catalog,
    saved: input.saved !== undefined,
  };
}

export interface Session {
  /** the account's, its `accountTime` told the Date header of every answer */
  target: Target & { accountTime: HeardAccountTime };
  /** stops the in-process emulator of --local; a no-op otherwise */
  close(): Promise<void>;
}

/**
 * Opens the session for a command. With --local the emulator is started on 127.0.0.1 and
 * given the catalog's environment settings (approved categories, cardless early access).
 */
export async function openSession(
  reporter: Reporter,
  flags: TargetFlags,
  context: SessionContext = {},
): Promise<Session> {
  if (flags.local && flags.production) {
    throw new UserError('--local and --production cannot be combined.');
  }
  // the run judges time by the account's clock (src/paddle/account-time.ts), on the run's own
  const time = accountTime(reporter.io.clock ?? systemClock);
  let session: Session;
  if (flags.local) {
    const { startEmulator } = await import('../emulator/index.js');
    const emulator = await startEmulator({
      // like the emulator's, the catalog's list is what is approved on top of saas and standard
      approvedTaxCategories: context.settings?.approved_tax_categories,
      cardlessTrials: context.settings?.cardless_trials,
    });
    reporter.addSecret(emulator.apiKey);
    session = {
      target: { environment: 'sandbox', baseUrl: emulator.url, apiKey: emulator.apiKey, accountTime: time },
      close: () => emulator.close(),
    };
  } else {
    session = {
      target: { ...resolveTarget(reporter.io.env, flags), accountTime: time },
      close: async () => {},
    };
  }
  reporter.info(banner(session.target, flags, context.catalogFile, reporter));
  await refuseUnreachable(session.target, flags, context, reporter.io.cwd);
  return session;
}

/** A webhook destination on this machine goes only to the emulator: asked of the target before any write. */
async function refuseUnreachable(target: Target, flags: TargetFlags, context: SessionContext, cwd: string) {
  const { catalog, catalogFile: file } = context;
  if (catalog === undefined || file === undefined) return;
  const input = { file, cwd, environment: target.environment, catalog, saved: context.saved ?? false };
  await refuseLocalDestinations(input, () => identifyTarget(target, !!flags.local));
}

function banner(
  target: Target,
  flags: TargetFlags,
  catalogFile: string | undefined,
  reporter: Reporter,
): string {
  const style = reporter.errStyle;
  const env =
    target.environment === 'production' ? style.bold.red('PRODUCTION') : style.bold.green('sandbox');
  const where = flags.local ? 'local emulator' : new URL(target.baseUrl).host;
  return `${style.dim('→')} ${env} ${style.dim(`(${where})`)}${catalogFile ? ` ${style.dim('·')} ${catalogFile}` : ''}`;
}

/**
 * The catalog reads and writes of a session; what the reads could not see is a warning on stderr.
 * Imported when a command opens it, so help and the commands that never reach Paddle do not load
 * the Paddle SDK (about 780 files, most of a CLI start-up).
 */
export async function catalogGateway(session: Session, reporter: Reporter): Promise<CatalogGateway> {
  const { createCatalogGateway } = await import('../paddle/catalog-gateway.js');
  return createCatalogGateway(session.target, { warn: (message) => reporter.warn(message) });
}

/** The subscriptions of a session's account (imported as the catalog's gateway is). */
export async function subscriptionsGateway(session: Session): Promise<SubscriptionsGateway> {
  const { paddleSubscriptionsGateway } = await import('../paddle/subscriptions-gateway.js');
  return paddleSubscriptionsGateway(session.target);
}

/** The customers of many subscriptions, read by id (plan --notices-out). */
export async function customersByIdGateway(session: Session): Promise<CustomersByIdGateway> {
  const { paddleCustomersByIdGateway } = await import('../paddle/customers-gateway.js');
  return paddleCustomersByIdGateway(session.target);
}

/** What the review of a plan reads: previews of prices, and counts of subscriptions (imported as the catalog's are). */
export async function reviewGateways(session: Session): Promise<ReviewGateways> {
  const { paddlePreviewsGateway } = await import('../paddle/previews-gateway.js');
  const { paddleSubscriptionPreviewsGateway } = await import('../paddle/subscription-previews-gateway.js');
  return {
    previews: paddlePreviewsGateway(session.target),
    subscriptions: await subscriptionsGateway(session),
    subscriptionPreviews: paddleSubscriptionPreviewsGateway(session.target),
  };
}
