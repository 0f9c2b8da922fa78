// The plan is a value: what apply will do, per catalog key, with field-level before/after.
import type { EnvironmentName } from '../paddle-facts/environments.js';
import type { LapsedStatus } from '../paddle-facts/statuses.js';
import type { DiscountGroupState, NotificationState } from './destination-states.js';
import type { StartedMove } from './marker.js';
import type { DiscountTerms, RemoteMoney, RemoteOverride } from './remote.js';
import type { SubscriberMove } from './subscribers.js';

/**
 * `replace` is for what Paddle cannot change in place (a price's product_id): create the new
 * object, then archive the old one. `unarchive` sets an archived object active again. `adopt`
 * (only with --adopt) takes over an unmarked object that matches: the marker is stamped into its
 * custom_data, with any other field that differs, and nothing is re-created. `delete` is a
 * notification destination's removal (Paddle deletes it for good; it has no archive).
 */
export type Action =
  | 'create'
  | 'update'
  | 'unarchive'
  | 'archive'
  | 'replace'
  | 'adopt'
  | 'unchanged'
  | 'delete';

export interface FieldChange {
  /** dotted wire path, e.g. `unit_price.amount` */
  path: string;
  before: unknown;
  after: unknown;
}

/** A product as the catalog wants it, normalised (absent optional fields are null). */
export interface ProductState {
  name: string;
  tax_category: string;
  description: string | null;
  image_url: string | null;
  /** the user's custom_data, without the marker (and without the features, when the catalog declares them) */
  custom_data: Record<string, unknown> | null;
  /**
   * only in a catalog that declares features: what the product includes and an add-on adds per unit
   * (custom_data.features and custom_data.feature_adds, src/planner/features.ts); null: none
   */
  features?: Record<string, unknown> | null;
  feature_adds?: Record<string, unknown> | null;
}

export interface TrialState {
  interval: string;
  frequency: number;
  unit_price: RemoteMoney | null;
  unit_price_overrides: RemoteOverride[];
  requires_payment_method: boolean;
}

/** A price, normalised so that Paddle's defaults compare equal to an absent field. */
export interface PriceState {
  description: string;
  name: string | null;
  unit_price: RemoteMoney;
  billing_cycle: { interval: string; frequency: number } | null;
  trial_period: TrialState | null;
  unit_price_overrides: RemoteOverride[];
  quantity: { minimum: number; maximum: number };
  tax_mode: string;
  custom_data: Record<string, unknown> | null;
  moves_started?: StartedMove[]; // the subscriber moves to it an apply started (marker.ts)
}

/** A discount, normalised: Paddle's defaults spelled out, restrict_to as sorted catalog keys. */
/** `code` null in the catalog: Paddle's to choose (it makes one up for a checkout discount). */
export interface DiscountState extends DiscountTerms {
  /** `pro`, `pro/yearly`; a remote id that no key of the catalog owns stays an id */
  restrict_to: string[] | null;
  /**
   * its group's key under discount_groups (a group no key owns stays its id); only in a catalog
   * that declares discount_groups: elsewhere a discount's group is left as it is (absent)
   */
  discount_group?: string | null;
  custom_data: Record<string, unknown> | null;
}

interface ChangeBase {
  /** `pro` for a product, `pro/monthly` for a price */
  key: string;
  /** for update / unarchive / adopt: what differs (empty for a bare unarchive) */
  fields: FieldChange[];
  /** human-only explanation (never branched on by apply) */
  reason?: string;
  /** the catalog keeps it with `status: archived`: archived now, or by this change (src/planner/retire.ts) */
  retired?: Retirement;
}

/** A key the catalog keeps archived; `replacedBy`: the price its subscribers move to (`subscribers_from`). */
interface Retirement {
  replacedBy?: string;
  /** a price archived by this change: the custom_data its archive writes (the replacement beside the marker) */
  customData?: Record<string, unknown> | null;
}

/*
 * One shape per action, so each carries exactly what apply needs: the wanted state (`desired`)
 * wherever the catalog's state is written, the remote `id` wherever the object exists.
 */
/**
 * An unmanaged, active object that a create would stand beside as its twin (see lookalikes.ts):
 * named by what makes it look the same — a product's name, a price's description, a discount's code.
 */
export type Lookalike =
  | { id: string; name: string }
  | { id: string; description: string }
  /** a discount's code is kept by an archived, expired or used discount too: that one is in the way as well */
  | { id: string; code: string; archived?: true; remoteStatus?: LapsedStatus };

interface Creation<State> {
  action: 'create';
  id?: undefined;
  desired: State;
  /** the account already has an unmanaged object that looks like this one: apply refuses it unless allowed */
  lookalike?: Lookalike;
}

interface InPlace<State> {
  action: 'update' | 'unarchive' | 'unchanged';
  id: string;
  desired: State;
}

interface Adoption<State> {
  action: 'adopt';
  id: string;
  desired: State;
  /** the adopted object is archived, so it is set active first */
  archived?: boolean;
}

/** create the new object, then archive the old one (`id`) */
interface Replacement<State> {
  action: 'replace';
  id: string;
  desired: State;
}

/** a managed object the catalog no longer names (only with --prune) */
interface Archival {
  action: 'archive';
  id: string;
  desired: null;
}

/** A product the catalog does not name, in the plan only to hold the archiving of its prices. */
interface Carrier {
  action: 'unchanged';
  id?: string;
  desired: null;
}

export type ProductChange = ChangeBase & { kind: 'product' } & (
    | Creation<ProductState>
    | InPlace<ProductState>
    | Adoption<ProductState>
    | Archival
    | Carrier
  );

export type PriceChange = ChangeBase & {
  kind: 'price';
  productKey: string;
  priceKey: string;
  /** the catalog says tax_mode account_setting and Paddle stored location, the account's default (see tax-mode.ts) */
  storedTaxMode?: 'location';
} & (Creation<PriceState> | InPlace<PriceState> | Adoption<PriceState> | Replacement<PriceState> | Archival);

/**
 * Another discount of the account that holds the code a change would write (Paddle keeps one
 * discount per code, archived ones too): with its catalog and key when a catalog manages it.
 */
export interface CodeConflict {
  id: string;
  code: string;
  catalog?: string;
  key?: string;
  archived?: true;
  /** the holder is expired or used: Paddle keeps its code all the same */
  remoteStatus?: LapsedStatus;
}

export type { DiscountGroupState, LapsedStatus, NotificationState };

export type DiscountChange = ChangeBase & {
  kind: 'discount';
  codeConflict?: CodeConflict;
  /** the account's discount is expired or used: it stays, its code stays taken, nothing re-creates it */
  remoteStatus?: LapsedStatus;
  /**
   * an `adopt` of this catalog's own discount of a key the catalog no longer names, holding this
   * key's code: the key was renamed with its code kept, so that discount takes the new key's marker
   * and keeps its code (never a create beside it, which Paddle refuses, and an archive of the holder)
   */
  renamedFrom?: string;
  /** the code it writes is held by the discount of this key, which this plan gives another code first */
  codeAfter?: string;
} & (Creation<DiscountState> | InPlace<DiscountState> | Adoption<DiscountState> | Archival);

/** a managed notification destination deleted: Paddle cannot undo it (its signing secret is gone) */
interface Deletion {
  action: 'delete';
  id: string;
  desired: null;
}

/**
 * A notification destination. `replace` is a type Paddle cannot update: a new destination (a new
 * signing secret), then the old one deleted.
 */
export type NotificationChange = ChangeBase & { kind: 'notification' } & (
    | Creation<NotificationState>
    | InPlace<NotificationState>
    | Adoption<NotificationState>
    | Replacement<NotificationState>
    | Deletion
  );

export type DiscountGroupChange = ChangeBase & { kind: 'discount_group' } & (
    | Creation<DiscountGroupState>
    | InPlace<DiscountGroupState>
    | Adoption<DiscountGroupState>
    | Archival
  );

export type Change = ProductChange | PriceChange | DiscountChange | DiscountGroupChange | NotificationChange;
export type Kind = Change['kind'];

/** One product and its prices: the unit apply orders (product first, then its prices). */
export interface ProductPlan {
  product: ProductChange;
  prices: PriceChange[];
}

/**
 * A key with more than one active object carrying its marker: the plan manages `kept` (the oldest,
 * for a price the one under the kept product), the `others` are reported, and archived with --dedupe.
 */
export interface Duplicate {
  kind: Kind;
  key: string;
  kept: string;
  others: string[];
}

/** With --dedupe: one extra object of a key, archived; `duplicateOf` is the object kept. */
export type Deduplication = Extract<Change, { action: 'archive' }> & { duplicateOf: string };

/** A managed object that is no longer in the catalog (archived only with --prune). */
export interface Orphan {
  kind: Kind;
  key: string;
  id: string;
}

/** With --adopt: several unmarked objects match one key, so none is adopted (the key is created). */
export interface Ambiguity {
  kind: Kind;
  key: string;
  candidates: string[];
  /** why, for people: `2 unmarked products match the name "Pro"` */
  reason: string;
}

export interface Plan {
  /** the catalog's name: whose objects the plan sees, and what its markers say */
  catalog: string;
  groups: ProductPlan[];
  /** before the discounts, which name them by key (absent: the catalog and the account have none) */
  discountGroups?: DiscountGroupChange[];
  /** after every product and price, so restrict_to can name what this run creates */
  discounts: DiscountChange[];
  /** the notification destinations of the plan's environment (absent: none in the catalog or the account) */
  notifications?: NotificationChange[];
  duplicates: Duplicate[];
  orphans: Orphan[];
  /** only with --adopt; absent otherwise */
  ambiguities?: Ambiguity[];
  /** only with --dedupe: the extra objects of `duplicates`, archived before anything else */
  deduplication?: Deduplication[];
  /** the subscribers the catalog moves between prices (`subscribers_from`); absent when none */
  moves?: SubscriberMove[];
}

export interface DiffOptions {
  /** archive managed objects that are no longer in the catalog */
  prune?: boolean;
  /** take over unmarked objects that match a key (a product by name; a price by description and unit price; a discount by code) */
  adopt?: boolean;
  /** archive every active object of a key but the one kept (the oldest) */
  dedupe?: boolean;
  /** whose destinations the notifications plan (a destination per environment); absent: sandbox */
  environment?: EnvironmentName;
}
