// Refuses every connection and DNS lookup beyond loopback, so that no test (nor a child
// process started with NODE_OPTIONS=--require <this file>) can ever reach the real Paddle.
// CommonJS on purpose: `--require` loads it before any ESM code of the child runs.
'use strict';
const net = require('node:net');
const dns = require('node:dns');
const { syncBuiltinESMExports } = require('node:module');

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

function isLoopbackHost(host) {
  if (host === undefined || host === null || host === '') return true; // node's default is localhost
  const h = String(host).toLowerCase();
  return LOOPBACK_NAMES.has(h) || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

function refusal(what) {
  const error = new Error(`network-guard: ${what} refused (tests may only reach loopback)`);
  error.code = 'ENETUNREACH';
  return error;
}

function targetOf(args) {
  const first = args[0];
  if (Array.isArray(first)) return targetOf(first); // net's internal normalized form
  if (first && typeof first === 'object') {
    if (first.path) return { local: true };
    return { host: first.host, port: first.port };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { local: true }; // a pipe path
  return { host: typeof args[1] === 'string' ? args[1] : undefined, port: first };
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const target = targetOf(args);
  if (target.local || isLoopbackHost(target.host)) return originalConnect.apply(this, args);
  process.nextTick(() => this.destroy(refusal(`connection to ${target.host}:${target.port}`)));
  return this;
};

const originalLookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, options, callback) {
  const cb = typeof options === 'function' ? options : callback;
  if (isLoopbackHost(hostname)) return originalLookup.call(dns, hostname, options, callback);
  process.nextTick(() => cb(refusal(`DNS lookup of ${hostname}`)));
  return {};
};
const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = async function guardedPromiseLookup(hostname, options) {
  if (isLoopbackHost(hostname)) return originalPromiseLookup.call(dns.promises, hostname, options);
  throw refusal(`DNS lookup of ${hostname}`);
};
for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  dns[name] = (hostname, ...rest) => {
    const cb = rest[rest.length - 1];
    process.nextTick(() => cb(refusal(`DNS ${name} of ${hostname}`)));
  };
}
syncBuiltinESMExports();

// Children spawned by tests inherit the guard.
const requireFlag = `--require ${JSON.stringify(__filename).slice(1, -1)}`;
if (!(process.env.NODE_OPTIONS ?? '').includes(__filename)) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${requireFlag}`.trim();
}

module.exports = { isLoopbackHost };
