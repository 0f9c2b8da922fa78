// Paddle's two environments: separate accounts, separate keys, separate API hosts.

export const ENVIRONMENTS = ['sandbox', 'production'] as const;

export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** A key's prefix names its environment (developer.paddle.com/api-reference/about/authentication). */
export const API_KEY_PREFIX: Readonly<Record<EnvironmentName, string>> = {
  sandbox: 'pdl_sdbx_',
  production: 'pdl_live_',
};
