#!/usr/bin/env node
import { main } from '../dist/cli/program.js';

// A reader that stops early (`… | head`) closes the pipe. The command still finishes its work
// (an apply is not cut off halfway) and what it would have printed is dropped, as git and grep do,
// instead of Node's unhandled EPIPE with its stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

// Exit 1 if Node runs out of things to wait for before main answers (stdin closed under a prompt).
process.exitCode = 1;
process.exitCode = await main(process.argv);
