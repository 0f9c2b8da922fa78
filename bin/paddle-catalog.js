#!/usr/bin/env node
import { main } from '../dist/cli/program.js';

// Exit 1 if Node runs out of things to wait for before main answers (stdin closed under a prompt).
process.exitCode = 1;
process.exitCode = await main(process.argv);
