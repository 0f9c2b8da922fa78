// ids' views: the file written (or the text on stdout), the keys the account lacks, the --json document.

import type { MissingKey } from '../ids/document.js';
import { sidesOf } from '../ids/document.js';
import type { IdsReport } from '../ids/use-case.js';
import type { Reporter } from '../terminal/reporter.js';
import { plural } from '../text/plural.js';
import { type Failure, failure } from './failure.js';

const missingJson = (m: MissingKey) => ({ kind: m.kind, key: m.key, reason: m.reason });

/** The other environments the file keeps (json and ts files hold both). */
const kept = (result: IdsReport) =>
  result.format === 'env' ? [] : sidesOf(result.document).filter((e) => e !== result.environment);

/** Why nothing (or not the file) was written: the `error` of every command's failed --json document. */
function idsFailure(result: IdsReport): Failure | undefined {
  if (result.refused) {
    return failure('user', {
      message: `${plural(result.missing.length, 'key')} missing; nothing was written`,
    });
  }
  return result.unwritten ? failure('user', { message: result.unwritten.message }) : undefined;
}

export function renderJson(result: IdsReport) {
  const { products, prices, discounts, discount_groups, notifications } = result.side;
  const error = idsFailure(result);
  return {
    ok: error === undefined,
    ...(error ? { error } : {}),
    environment: result.environment,
    catalog: result.catalog,
    format: result.format,
    ...(result.out
      ? { file: result.out, written: !result.refused && !result.unwritten }
      : { text: result.text }),
    ids: {
      products,
      prices,
      discounts,
      ...(discount_groups ? { discount_groups } : {}),
      ...(notifications ? { notifications } : {}),
    },
    missing: result.missing.map(missingJson),
    ...(kept(result).length > 0 ? { kept: kept(result) } : {}),
    ...(result.unwritten ? { unwritten: [result.unwritten] } : {}),
  };
}

/** "1 product, 2 prices, 1 discount", and the groups and destinations of a catalog that has them. */
function idCounts(side: IdsReport['side']): string {
  const count = (map: Record<string, string> | undefined, noun: string) =>
    map ? [plural(Object.keys(map).length, noun)] : [];
  return [
    ...count(side.products, 'product'),
    ...count(side.prices, 'price'),
    ...count(side.discounts, 'discount'),
    ...count(side.discount_groups, 'discount group'),
    ...count(side.notifications, 'notification destination'),
  ].join(', ');
}

export function renderHuman(result: IdsReport, out: Reporter): void {
  const report = result.refused ? out.error.bind(out) : out.warn.bind(out);
  for (const m of result.missing) {
    report(`${m.kind} ${m.key} has no id in the ${result.environment} account (${m.reason})`);
  }
  if (result.refused) {
    out.info(
      `${plural(result.missing.length, 'key')} missing; nothing was written. Run apply first, or pass --allow-missing to write the ids there are.`,
    );
    return;
  }
  if (result.unwritten) {
    out.error(result.unwritten.message);
    return;
  }
  if (!result.out) {
    out.data(result.text.replace(/\n$/, ''));
    return;
  }
  const counts = idCounts(result.side);
  const others = kept(result).map((e) => `${e} ids kept, read ${result.document.environments[e]?.readAt}`);
  out.result(
    `${out.style.green('✓')} wrote ${result.out}: ${result.environment} ids of ${counts}${others.length > 0 ? ` (${others.join('; ')})` : ''}`,
  );
}
