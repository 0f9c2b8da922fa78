// The real Paddle SDK pointed at the emulator (or at any server a test runs in Paddle's place): the
// tests call what Paddle's own client sends, over real HTTP, never a mock of its methods.
import { type Environment, Paddle } from '@paddle/paddle-node-sdk';
import type { RunningEmulator } from '../../src/emulator/index.js';

/** The SDK for the server at `on.url`, with its key unless `key` is given; the URL stands for Paddle's environment. */
export const sdkOf = (on: Pick<RunningEmulator, 'url' | 'apiKey'>, key = on.apiKey): Paddle =>
  new Paddle(key, { environment: on.url as Environment });
