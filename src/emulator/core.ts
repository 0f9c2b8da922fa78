// What every route sees: the account, the clock, the id factory and the account's settings.
import type { ApiKey } from './auth.js';
import type { IdFactory } from './ids.js';
import type { AccountState } from './state.js';

export interface AccountSettings {
  approvedTaxCategories: ReadonlySet<string>;
  cardlessTrials: boolean;
  /** code → decimal places: what /currencies serves and what unit prices may use */
  currencies: ReadonlyMap<string, number>;
}

export interface EmulatorCore {
  /** the base URL exactly as announced (pagination `next` URLs start with it) */
  baseUrl: string;
  state: AccountState;
  settings: AccountSettings;
  ids: IdFactory;
  now(): Date;
}

export interface Pagination {
  per_page: number;
  next: string;
  has_more: boolean;
  estimated_total: number;
}

export interface Reply {
  status?: number;
  data: unknown;
  pagination?: Pagination;
}

export interface RouteContext {
  core: EmulatorCore;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** path parameters, in order */
  params: string[];
  /** the JSON body of a write */
  body: Record<string, unknown>;
  /** the caller's key; undefined on public routes */
  key: ApiKey | undefined;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  pattern: RegExp;
  /** the permission a key needs; null for a public route */
  permission: string | null;
  handle(ctx: RouteContext): Reply;
}
