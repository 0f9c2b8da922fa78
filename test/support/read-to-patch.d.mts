import type { RecordedRequest } from '../../src/emulator/types.js';

export declare function readToPatchGaps(
  requests: readonly Pick<RecordedRequest, 'method' | 'path' | 'query' | 'at'>[],
): { at: number; longest: number }[];
