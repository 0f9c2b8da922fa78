#!/usr/bin/env node
import { main } from '../dist/cli/program.js';

process.exitCode = await main(process.argv);
