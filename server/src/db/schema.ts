import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AddressInputDto,
  BillFormDto,
  CheckoutCustomerDto,
  CouponDiscountType,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PrescriptionReviewStatus,
} from '../../../src/lib/shared/orders';
import type {
  DocumentKind,
  DurationUnit,
  MedicalRequestInputDto,
  MedicalRequestTopic,
  MomentInputDto,
  PrescriptionSettingsDto,
  PrescriptionToolInputDto,
  PrescriptionType,
} from '../../../src/lib/shared/prescriptions';
import type { PointEntryType, PointsHistoryMetadataDto, PointsHistoryProductDto } from '../../../src/lib/shared/points';
import type { ConsentAction, ConsentPurpose, PatientConsentState } from '../../../src/lib/shared/privacy';
import type { PushLanguage, ReminderOutcome, ReminderProductDto } from '../../../src/lib/shared/reminders';

/** Ids are PostgreSQL `integer`: larger values are refused before they reach the database. */
export const MAX_INT4 = 2_147_483_647;

type CreatedAt = ColumnType<Date, string | undefined, never>;

interface CountriesTable {
  id: number;
  name: string;
  code: number;
  subdomain: string;
  iso: string;
  currency: string;
  use_cents: boolean;
}

interface CategoriesTable {
  id: number;
  name: string;
  slug: string;
  description: string;
  patient_visible: boolean;
  sort_order: number;
}

interface PharmaceuticalFormsTable {
  id: number;
  name: string;
  slug: string;
}

interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  tag: string;
  category_id: number;
  pharmaceutical_form_id: number | null;
  capsule_info: string | null;
  serial_number: string;
  stock_tracked: boolean;
  stock_quantity: number | null;
  featured: boolean;
  points_price: number | null;
  /** Its orders wait for a validated signed prescription (always for the hormones category). */
  requires_signed_prescription: Generated<boolean>;
  active: Generated<boolean>;
  /** Lower-case, accent-free name, tag and category, so search ignores case and accents on both databases. */
  search_text: string;
  created_at: CreatedAt;
}

interface ProductPresentationsTable {
  id: Generated<number>;
  product_id: number;
  container_type: string;
  quantity: number;
  unit_symbol: string;
  is_default: boolean;
}

interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  position: number;
  /** An image an admin uploaded (served resized from `url`); null for the catalogue's own drawings. */
  mime: string | null;
  content: Uint8Array | null;
}

interface ProductPricesTable {
  product_id: number;
  country_id: number;
  amount: number;
  vat_included: boolean;
}

export type UserRole = 'patient' | 'doctor' | 'health_professional' | 'admin';
type ApprovalStatus = 'pending' | 'approved' | 'rejected';

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  email: string;
  password_hash: string | null;
  role: UserRole;
  approval_status: ApprovalStatus;
  display_name: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  gender: string | null;
  document_type_id: number | null;
  document_number: string | null;
  phone_number: string | null;
  country_code: string | null;
  specialty: string | null;
  professional_license_number: string | null;
  purchase_level_id: number | null;
  country_id: number;
  doctor_id: number | null;
  required_change_password: Generated<boolean>;
  profile_image_url: string | null;
  created_at: CreatedAt;
  approval_reason: string | null;
  approval_reviewed_at: Date | null;
  heard_from: string | null;
  terms_accepted_at: Date | null;
  /** Optional registration answers; jsonb, written as a JSON string. */
  registration_details: ColumnType<RegistrationDetails | null, string | null, string | null>;
  /** Set when the account was deleted and anonymised (migration 0010). */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RegistrationDetails {
  years_of_experience?: number;
  practice_description?: string;
  preferred_contact_time?: string;
  welcome_call_at?: string;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  country_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  last_seen_at: Date | null;
}

interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  professional_id: number;
  country_id: number;
  email: string | null;
  document_number: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  used_by: number | null;
}

interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  created_at: CreatedAt;
  sent_at: Date | null;
  error: string | null;
  /** Held by the instance delivering it until then (issue #21). */
  claimed_until: Date | null;
}

type CredentialReviewStatus = 'pending' | 'approved' | 'rejected';

interface CredentialsTable {
  id: Generated<number>;
  user_id: number;
  document_type: string;
  contact_number: string | null;
  country_code: string | null;
  status: Generated<CredentialReviewStatus>;
  reason: string | null;
  created_at: CreatedAt;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  /** The Idempotency-Key it was uploaded with, and its request's hash; null without a key (migration 0028). */
  idempotency_key: string | null;
  request_hash: string | null;
}

interface CredentialFilesTable {
  id: Generated<number>;
  credential_id: number;
  original_name: string;
  stored_name: string;
  mime: string;
  size: number;
}

interface DiscountListsTable {
  id: Generated<number>;
  name: string;
  /** A `PURCHASE_LEVELS` id. */
  purchase_level_id: number;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

interface DiscountListItemsTable {
  id: Generated<number>;
  discount_list_id: number;
  /** Exactly one of category_id and product_id is set (check constraint). */
  category_id: number | null;
  product_id: number | null;
  /** numeric(5,2), 0–100: the drivers read it as a string, write it as a number. */
  discount_percent: ColumnType<string, number, number>;
}

interface FavoritesTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
}

/** numeric columns: the drivers read them as strings (cast to float8 when selecting), write them as numbers. */
type Numeric = ColumnType<string, number, number>;

interface PointsConfigTable {
  country_id: number;
  /** Money per point in the country's unit. */
  point_value: Numeric;
  purchase_reward_percent: Numeric;
  prescription_reward_percent: Numeric;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type PointsItemKind = 'event' | 'combo' | 'product';

/** Events, combos and point products. */
export interface PointsItemsTable {
  id: Generated<number>;
  kind: PointsItemKind;
  name: string;
  description: string;
  image_url: string | null;
  /** Required points (events, combos) or price in points (products). */
  points: number;
  is_active: Generated<boolean>;
  /** Events only. */
  start_date: Date | null;
  end_date: Date | null;
  /** Products only: removed by an admin. */
  deleted_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

interface PointsItemCountriesTable {
  item_id: number;
  country_id: number;
}

interface PointsBalancesTable {
  user_id: number;
  balance: Generated<number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Append-only (a trigger refuses updates and deletes). jsonb columns are written as JSON strings. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  country_id: number | null;
  delta: number;
  balance_after: number;
  type: PointEntryType;
  metadata: ColumnType<PointsHistoryMetadataDto, string, never>;
  products: ColumnType<PointsHistoryProductDto[], string, never>;
  idempotency_key: string | null;
  request_hash: string | null;
  order_id: number | null;
  sale_id: string | null;
  created_at: CreatedAt;
}

interface PointsRedemptionsTable {
  id: Generated<number>;
  ledger_id: number;
  user_id: number;
  item_id: number;
  kind: PointsItemKind;
  quantity: number;
  spent_points: number;
  created_at: CreatedAt;
}

/** Checkout snapshots (jsonb), written as JSON strings. */
type Json<T> = ColumnType<T, string, string>;

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  discount_type: CouponDiscountType;
  /** A percentage 1–100, or an amount in the unit of the code's country. */
  value: number;
  /** Null: every country. */
  country_id: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  /** Uses allowed in total (orders holding the code, less rejected and cancelled ones); null: no limit. */
  max_uses: number | null;
  /** Uses allowed to each buyer; null: no limit. */
  max_uses_per_user: number | null;
}

/** Per-country validity of a promo code: when a code has rows here, it is valid only in these countries. */
interface PromoCodeCountriesTable {
  promo_code_id: number;
  country_id: number;
  valid_from: Date | null;
  valid_until: Date | null;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  country_id: number;
  address: string;
  residence_detail: string;
  state: string;
  city: string;
  postal_code: string;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: number;
  number: string;
  source_id: string;
  request_hash: string;
  user_id: number;
  country_id: number;
  status: OrderStatus;
  currency: string;
  payment_method: PaymentMethod;
  article_count: number;
  subtotal: number;
  doctor_discount: number;
  promo_discount: number;
  points_discount: number;
  shipping_cost: number;
  total: number;
  product_points: number;
  discount_points: number;
  promo_code_id: number | null;
  promo_code: string | null;
  requires_prescription: boolean;
  customer: Json<CheckoutCustomerDto>;
  bill: Json<BillFormDto>;
  address: Json<AddressInputDto>;
  prescription_document_id: number | null;
  prescription_status: PrescriptionReviewStatus | null;
  prescription_reason: string | null;
  prescription_reviewed_at: Date | null;
  prescription_reviewed_by: number | null;
  created_at: CreatedAt;
  paid_at: Date | null;
}

interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  slug: string;
  image: string | null;
  category_id: number;
  type: 'standard' | 'points';
  quantity: number;
  unit_price: number;
  doctor_discount: number;
  line_total: number;
  points: number | null;
  /** Units taken from the product's stock (0 when untracked). */
  stock_reserved: number;
}

interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  note: string | null;
  changed_by: number | null;
  created_at: CreatedAt;
}

export interface PaymentsTable {
  id: string;
  order_id: number;
  provider: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amount: number;
  currency: string;
  brand: string | null;
  last4: string | null;
  redirect_url: string;
  created_at: CreatedAt;
  approved_at: Date | null;
  captured_at: Date | null;
  closed_at: Date | null;
  /** The provider's own id of the payment (migration 0023), once known. */
  provider_payment_id: string | null;
  /** What the provider made when the payment opened (Mercado Pago's preference id). */
  provider_reference: string | null;
}

/** A difference between a payment and the provider's record of it, found by the reconciliation (migration 0023). */
interface PaymentDiscrepanciesTable {
  id: Generated<number>;
  payment_id: string;
  kind: string;
  our_status: string;
  provider_status: string;
  detail: string;
  found_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  resolved_at: Date | null;
}

interface PaymentWebhookEventsTable {
  provider: string;
  event_id: string;
  payment_id: string | null;
  outcome: string;
  received_at: CreatedAt;
}

/** Professional tools (migration 0006): the patient register, shared by the professionals linked to a patient. */
export interface PatientsTable {
  id: Generated<number>;
  user_id: number | null;
  invitation_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  gender: string | null;
  email: string;
  country_id: number;
  document_type_id: number | null;
  document_number: string | null;
  country_code: string | null;
  phone_number: string | null;
  search_text: string;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  consent_status: ColumnType<PatientConsentState, PatientConsentState | undefined, PatientConsentState>;
  /** The Idempotency-Key its creation was sent with, and its request's hash; null without a key (migration 0028). */
  idempotency_key: string | null;
  request_hash: string | null;
}

interface PatientLinksTable {
  professional_id: number;
  patient_id: number;
  created_at: CreatedAt;
}

export interface PrescriptionTemplatesTable {
  id: Generated<number>;
  author_id: number;
  name: string;
  type: PrescriptionType;
  notes: string;
  tools: Json<PrescriptionToolInputDto[]>;
  created_at: CreatedAt;
  /** The Idempotency-Key it was saved with, and its request's hash; null without a key (migration 0028). */
  idempotency_key: string | null;
  request_hash: string | null;
}

interface PrescriptionsTable {
  id: Generated<number>;
  type: PrescriptionType;
  author_id: number;
  patient_id: number;
  country_id: number;
  notes: string;
  template_id: number | null;
  ends_at: Date;
  cancelled_at: Date | null;
  idempotency_key: string;
  request_hash: string;
  created_at: CreatedAt;
}

interface PrescriptionToolsTable {
  id: Generated<number>;
  prescription_id: number;
  position: number;
  product_id: number;
  name: string;
  slug: string;
  description: string;
  tag: string;
  capsule_info: string | null;
  image_url: string;
  category_id: number;
  presentation: string;
  moments: Json<MomentInputDto[]>;
  duration_unit: DurationUnit;
  duration_quantity: number;
  indications: string;
  daily_capsules: number;
  units: number;
}

/** The last professional's reminder of one product to one patient (migration 0022). */
interface AdherenceRemindersTable {
  patient_id: number;
  product_id: number;
  sent_at: Generated<Date>;
  sent_by: number | null;
  channel: 'push' | 'email';
}

export interface DocumentsTable {
  id: Generated<number>;
  kind: DocumentKind;
  title: string;
  description: string;
  file_name: string;
  mime: string;
  size: number;
  content: Uint8Array;
  /** Null: the document is for every country. */
  country_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The request's fields as `POST /medical-requests` takes them; the topic is filled in when missing. */
export interface MedicalRequestsTable extends Omit<MedicalRequestInputDto, 'topic'> {
  id: Generated<number>;
  status: Generated<MedicalRequestStatus>;
  status_updated_at: Date | null;
  topic: Generated<MedicalRequestTopic>;
  created_at: CreatedAt;
}

/** Issue #19: a country's contact phone line and chat number (digits), edited by admins. */
interface ContactSettingsTable {
  country_id: number;
  phone: string | null;
  chat_number: string | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

type MedicalRequestStatus = 'new' | 'contacted' | 'closed';

interface IdempotentRequestsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  /** Null while the first request with the key is running. */
  status: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: CreatedAt;
}

interface PrescriptionSettingsTable {
  id: number;
  settings: ColumnType<PrescriptionSettingsDto, string, string>;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** Re-purchase reminders (migration 0009). */
interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  country_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expires_at: Date | null;
  /** The device's interface language, its reminders' language (migration 0024). */
  language: Generated<PushLanguage>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

interface ReminderOrderChecksTable {
  order_id: number;
  checked_at: CreatedAt;
}

interface ReminderSchedulesTable {
  id: Generated<number>;
  user_id: number;
  country_id: number;
  order_id: number;
  prescription_id: number;
  purchased_at: Date;
  /** `date`: read as `YYYY-MM-DD`. */
  runs_out_on: string;
  products: Json<ReminderProductDto[]>;
  superseded_at: Date | null;
  created_at: CreatedAt;
}

export interface ReminderNotificationsTable {
  id: Generated<number>;
  schedule_id: number;
  lead_days: number;
  due_at: Date;
  next_attempt_at: Date;
  /** Set while one process sends it; another process takes it over only after this moment. */
  claimed_until: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
  /** Null while it waits to be sent (or retried). */
  closed_at: Date | null;
  outcome: ReminderOutcome | null;
}

interface ReminderDeliveriesTable {
  notification_id: number;
  subscription_id: number;
  delivered_at: CreatedAt;
}

/** Data rights (migration 0010). */
export interface ConsentTextsTable {
  id: Generated<number>;
  country_id: number;
  purpose: ConsentPurpose;
  version: number;
  text: string;
  created_at: CreatedAt;
}

interface ConsentsTable {
  id: Generated<number>;
  user_id: number | null;
  patient_id: number | null;
  country_id: number;
  purpose: ConsentPurpose;
  action: ConsentAction;
  text_id: number;
  /** The user who made the record: the subject, or the professional attesting for a patient. */
  recorded_by: number | null;
  client_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  role: UserRole;
  country_id: number;
  kept_orders: number;
  kept_prescriptions: number;
  created_at: CreatedAt;
}

/** One row: bumped by triggers on every write to a catalogue table (migration 0016). Read as text: it is a bigint. */
/** rate-limiter-flexible's PostgreSQL store (issue #21): `expire` in epoch milliseconds, null for never. */
interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | null;
}

/** Uploads kept in the database (migration 0027): a file and its chunks of at most 256 KB, in order. */
interface UploadFilesTable {
  id: Generated<number>;
  area: string;
  name: string;
  size: number;
  chunks: number;
  created_at: CreatedAt;
}

interface UploadChunksTable {
  file_id: number;
  position: number;
  data: Uint8Array;
}

interface CatalogueVersionTable {
  id: number;
  version: ColumnType<string, never, never>;
}

/** Moved by triggers only (migration 0031): what members' answers kept in memory were read under. */
interface MemberVersionsTable {
  user_id: number;
  session_version: ColumnType<string, never, never>;
  data_version: ColumnType<string, never, never>;
}

interface RegisterVersionTable {
  id: number;
  version: ColumnType<string, never, never>;
}

export interface Database {
  member_versions: MemberVersionsTable;
  register_version: RegisterVersionTable;
  rate_limits: RateLimitsTable;
  upload_files: UploadFilesTable;
  upload_chunks: UploadChunksTable;
  catalogue_version: CatalogueVersionTable;
  countries: CountriesTable;
  categories: CategoriesTable;
  pharmaceutical_forms: PharmaceuticalFormsTable;
  products: ProductsTable;
  product_presentations: ProductPresentationsTable;
  product_images: ProductImagesTable;
  product_prices: ProductPricesTable;
  users: UsersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  outbox_emails: OutboxEmailsTable;
  password_resets: PasswordResetsTable;
  credentials: CredentialsTable;
  credential_files: CredentialFilesTable;
  discount_lists: DiscountListsTable;
  discount_list_items: DiscountListItemsTable;
  favorites: FavoritesTable;
  points_config: PointsConfigTable;
  points_items: PointsItemsTable;
  points_item_countries: PointsItemCountriesTable;
  points_balances: PointsBalancesTable;
  points_ledger: PointsLedgerTable;
  points_redemptions: PointsRedemptionsTable;
  promo_codes: PromoCodesTable;
  promo_code_countries: PromoCodeCountriesTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  payments: PaymentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  payment_discrepancies: PaymentDiscrepanciesTable;
  patients: PatientsTable;
  patient_links: PatientLinksTable;
  prescription_templates: PrescriptionTemplatesTable;
  prescriptions: PrescriptionsTable;
  prescription_tools: PrescriptionToolsTable;
  documents: DocumentsTable;
  medical_requests: MedicalRequestsTable;
  prescription_settings: PrescriptionSettingsTable;
  idempotent_requests: IdempotentRequestsTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_order_checks: ReminderOrderChecksTable;
  reminder_schedules: ReminderSchedulesTable;
  reminder_notifications: ReminderNotificationsTable;
  reminder_deliveries: ReminderDeliveriesTable;
  consent_texts: ConsentTextsTable;
  consents: ConsentsTable;
  account_deletions: AccountDeletionsTable;
  contact_settings: ContactSettingsTable;
  adherence_reminders: AdherenceRemindersTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
