// Paddle's two environments: separate accounts, separate keys, separate API hosts.

export const ENVIRONMENTS = ['sandbox', 'production'] as const;

export type EnvironmentName = (typeof ENVIRONMENTS)[number];
