// A discount code another discount of the account holds, in words: who holds it and the way out.

import { shown } from '../text/escape.js';
import type { CodeConflict } from './types.js';

/** `dsc_01… of catalog billing (key launch), archived`: the holder, and whose it is. */
function nameCodeHolder(conflict: CodeConflict): string {
  const whose =
    conflict.catalog !== undefined
      ? `of catalog ${shown(conflict.catalog)} (key ${shown(conflict.key ?? '')})`
      : 'which this tool does not manage';
  const status = conflict.archived ? 'archived' : conflict.remoteStatus;
  return `${shown(conflict.id)} ${whose}${status ? `, ${status}` : ''}`;
}

export const CODE_CONFLICT_WAY_OUT =
  "give this discount another code in the catalog, or change the holder's code first (in its catalog, or in the dashboard); no flag creates beside it";

/** `code "LAUNCH20" is held by discount dsc_… of catalog billing (key launch)` */
export function describeCodeConflict(conflict: CodeConflict): string {
  return `code ${shown(JSON.stringify(conflict.code))} is held by discount ${nameCodeHolder(conflict)}`;
}
