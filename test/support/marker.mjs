// The tool's marker in an object's custom_data, as it writes it: {"paddle_catalog": {"key": …}},
// plus "catalog" for a catalog other than the default one. Spelled out here, not imported from
// src/, so a test still fails if the field the tool writes changes. Plain JavaScript: the bench
// scripts (plain node, no TypeScript) share it with the tests.
/** @param {string} key @param {string} [catalog] */
export const marker = (key, catalog) => ({
  paddle_catalog: catalog === undefined ? { key } : { key, catalog },
});

/**
 * The marker of a price whose subscriber moves an apply started: each move's source key and the
 * terms it was approved with (bills_from null when it has none).
 * @param {string} key @param {{from: string, proration: string, bills_from: string | null}[]} moves
 */
export const startedMarker = (key, moves) => ({ paddle_catalog: { key, moves } });
