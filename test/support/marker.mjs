// The tool's marker in an object's custom_data, as it writes it: {"paddle_catalog": {"key": …}},
// plus "catalog" for a catalog other than the default one. Spelled out here, not imported from
// src/, so a test still fails if the field the tool writes changes. Plain JavaScript: the bench
// scripts (plain node, no TypeScript) share it with the tests.
/** @param {string} key @param {string} [catalog] */
export const marker = (key, catalog) => ({
  paddle_catalog: catalog === undefined ? { key } : { key, catalog },
});
