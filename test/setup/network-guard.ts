// vitest setupFiles entry: loads the CommonJS guard that child processes also load via NODE_OPTIONS.
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./network-guard.cjs');
