// A webhook destination on this machine is the emulator's to deliver to: against Paddle it is refused
// (rule notification-destination-local) before anything is written. Whether the target is Paddle is
// known before any call when the tool talks to Paddle's own hosts, and asked of the target when
// PADDLE_API_URL points elsewhere (its answers name the emulator, or it is Paddle as far as this goes).

import { InvalidCatalogError } from '../catalog/issue.js';
import { catalogRuleErrors, readCatalog, readCatalogFile } from '../catalog/read.js';
import { NOTIFICATION_RULE } from '../catalog/rules/notifications.js';
import type { Catalog } from '../catalog/schema.js';
import { UserError } from '../errors.js';
import type { TargetKind } from '../paddle/target-kind.js';
import type { EnvironmentName } from '../paddle-facts/environments.js';
import { shown } from '../text/escape.js';

export interface DestinationsInput {
  file: string;
  cwd: string;
  environment: EnvironmentName;
  catalog: Catalog;
  /** the catalog came from a saved plan: there is no file to point in */
  saved?: boolean;
}

/** Whether the catalog has a destination on this machine for the environment (what only the emulator takes). */
function hasLocalDestination({ catalog, environment }: DestinationsInput): boolean {
  return catalogRuleErrors(catalog, { environment, target: 'paddle' }).some(
    (finding) => finding.rule === NOTIFICATION_RULE.local,
  );
}

/**
 * Refuses a local destination unless the target is the emulator, each one named at its place in the
 * file; the target is asked (`kind`) only when the catalog has one.
 */
export async function refuseLocalDestinations(
  input: DestinationsInput,
  kind: () => Promise<TargetKind>,
): Promise<void> {
  if (!hasLocalDestination(input)) return;
  const target = await kind();
  if (target === 'emulator') return;
  const { file, cwd, environment, catalog } = input;
  if (input.saved) {
    const [first] = catalogRuleErrors(catalog, { environment, target }).filter(
      (finding) => finding.rule === NOTIFICATION_RULE.local,
    );
    throw new UserError(
      `${shown(file)}: ${first?.path.join('.')}: ${first?.message} (${NOTIFICATION_RULE.local})`,
    );
  }
  const read = readCatalog(file, await readCatalogFile(file, cwd), { environment, target });
  const issues = read.issues.filter((issue) => issue.rule === NOTIFICATION_RULE.local);
  throw new InvalidCatalogError(file, issues, environment);
}
