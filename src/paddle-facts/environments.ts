// Paddle's two environments: separate accounts, separate keys, separate API hosts.

export const ENVIRONMENTS = ['sandbox', 'production'] as const;

export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/**
 * The answer header the project's own emulator names itself with. Ours, not Paddle's (Paddle sends
 * no such header): a target whose answers carry it is the emulator, which delivers webhooks to
 * this machine; Paddle cannot reach a destination here.
 */
export const EMULATOR_HEADER = 'paddle-catalog-emulator';

/** A key's prefix names its environment (developer.paddle.com/api-reference/about/authentication). */
export const API_KEY_PREFIX: Readonly<Record<EnvironmentName, string>> = {
  sandbox: 'pdl_sdbx_',
  production: 'pdl_live_',
};
