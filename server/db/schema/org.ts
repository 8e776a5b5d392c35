import type { PayBrand } from '../../../src/contract/brands';
import type { Country } from '../../../src/contract/countries';
import type { Status } from '../../../src/contract/fields';
import type { CheckoutPeriod } from '../../../src/contract/orgCompany';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * A Japanese company's legal form before or after its name (株式会社ひのき珈琲, ひのき珈琲㈱):
 * left out of the name the global search matches a prefix of, so ひのき finds it.
 */
const LEGAL_FORM =
  '^\\s*(株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人|（株）|\\(株\\)|㈱)\\s*|\\s*(株式会社|有限会社|合同会社|（株）|\\(株\\)|㈱)\\s*$';

/**
 * What the global search compares a company name by (its indexes below repeat the expression,
 * so a prefix match is an index range): the name in lower case, and the same without its legal
 * form. The pattern is SQL text, never a parameter, so the index's expression matches.
 */
export const companyNameKeys = (name: AnyPgColumn) => ({
  whole: sql`lower(${name})`,
  short: sql`lower(regexp_replace(${name}, '${sql.raw(LEGAL_FORM)}', '', 'g'))`,
});

/** The organisation tree: service provider → agencies and companies → branches. */
/** active or locked (the contract's Status). */
const status = () => varchar('status', { length: 10 }).$type<Status>().notNull().default('active');
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const str = (name: string, length: number) => varchar(name, { length }).notNull().default('');
/** Money: integer minor units. */
const money = (name: string) => bigint(name, { mode: 'number' });

/** Bank details shared by companies and agencies (payouts). */
const bankColumns = () => ({
  bankName: str('bank_name', 60),
  bankCode: str('bank_code', 10),
  bankBranchName: str('bank_branch_name', 60),
  bankBranchCode: str('bank_branch_code', 10),
  /** 0 personal, 1 corporate. */
  bankAccountType: smallint('bank_account_type').notNull().default(1),
  bankAccountNumber: str('bank_account_number', 20),
  bankAccountHolder: str('bank_account_holder', 60),
  /** 預金種目 of a Zengin transfer: 1 ordinary (普通), 2 current (当座), 4 savings (貯蓄), 9 other. */
  bankDepositType: smallint('bank_deposit_type').notNull().default(1),
  /** ISO 3166-1 alpha-2 country of the payee's address (transfers abroad). */
  bankAddressCountry: varchar('bank_address_country', { length: 2 }).$type<Country>().notNull().default('JP'),
  /** IBAN and SWIFT/BIC of the payee's account, for transfers abroad ('' in Japan). */
  bankIban: str('bank_iban', 34),
  bankSwift: str('bank_swift', 11),
});

export const serviceProviders = pgTable('service_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  contactName: str('contact_name', 60),
  contactEmail: str('contact_email', 120),
  phone: str('phone', 20),
  address: str('address', 255),
  remark: str('remark', 255),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceProviderId: integer('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id),
    agentNo: varchar('agent_no', { length: 20 }).unique(),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: str('name_en', 120),
    address: str('address', 255),
    phone: str('phone', 20),
    mobile: str('mobile', 20),
    homepage: str('homepage', 255),
    businessHours: str('business_hours', 60),
    comment: str('comment', 255),
    /** 0 individual, 1 enterprise. */
    businessType: smallint('business_type').notNull().default(1),
    repName: str('rep_name', 60),
    repNameKana: str('rep_name_kana', 60),
    /** 0 female, 1 male. */
    repSex: smallint('rep_sex'),
    repBirthday: str('rep_birthday', 10),
    repAddress: str('rep_address', 255),
    repPhone: str('rep_phone', 20),
    repMobile: str('rep_mobile', 20),
    repEmail: str('rep_email', 120),
    contactName: str('contact_name', 60),
    contactPhone: str('contact_phone', 20),
    contactEmail: str('contact_email', 120),
    ...bankColumns(),
    currency: varchar('currency', { length: 3 }).notNull().default('JPY'),
    /** T+7, T+15 or T+30. */
    settlementPeriod: varchar('settlement_period', { length: 5 }).notNull().default('T+30'),
    minimumAmount: money('minimum_amount').notNull().default(0),
    /** SHA (shared) or OUR (the agency pays the remittance cost). */
    remittanceCostType: varchar('remittance_cost_type', { length: 3 }).notNull().default('SHA'),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_service_provider_idx').on(t.serviceProviderId)],
);

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceProviderId: integer('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id),
    /** The agency that brought the company in, if any. */
    agentId: integer('agent_id').references(() => agents.id),
    name: varchar('name', { length: 120 }).notNull(),
    nameEn: str('name_en', 60),
    phone: str('phone', 20),
    fax: str('fax', 20),
    address: str('address', 255),
    homepage: str('homepage', 255),
    contactName: str('contact_name', 60),
    contactEmail: str('contact_email', 120),
    ...bankColumns(),
    /** daily, weekly or monthly payout; weekly ones on checkoutWeekday (1 Monday … 7 Sunday). */
    checkoutPeriod: varchar('checkout_period', { length: 8 }).notNull().default('monthly'),
    checkoutWeekday: smallint('checkout_weekday'),
    /** Smallest balance paid out (minor units). */
    checkoutLimit: money('checkout_limit').notNull().default(0),
    /**
     * Console refunds above this amount (minor units of the order's currency) wait for a second
     * user's approval; null: the platform default (KESSAI_REFUND_APPROVAL_THRESHOLD).
     */
    refundApprovalThreshold: money('refund_approval_threshold'),
    financeEmail: str('finance_email', 120),
    /** M-ID: the acquirer's merchant id (unique when set). */
    mid: str('mid', 40),
    sid: str('sid', 40),
    /** Only the SHA-256 of the access token and its last 4 characters are kept (null: none issued yet). */
    accessTokenHash: varchar('access_token_hash', { length: 64 }).unique(),
    accessTokenHint: str('access_token_hint', 4),
    /** AES-256-GCM; its SHA-256 keeps it unique. */
    paySecretEnc: text('pay_secret_enc'),
    paySecretHash: varchar('pay_secret_hash', { length: 64 }).unique(),
    ubos: jsonb('ubos')
      .notNull()
      .default(sql`'[]'::jsonb`),
    wechatSubAppId: str('wechat_sub_app_id', 40),
    wechatSubMchId: str('wechat_sub_mch_id', 40),
    wechatMcc: str('wechat_mcc', 4),
    chinaPayCompanyNo: str('china_pay_company_no', 40),
    chinaPayBranchNo: str('china_pay_branch_no', 40),
    chinaPayTokenEnc: text('china_pay_token_enc').notNull().default(''),
    chinaPaySecretKeyEnc: text('china_pay_secret_key_enc').notNull().default(''),
    paypayMerchantId: str('paypay_merchant_id', 40),
    paypayStoreId: str('paypay_store_id', 40),
    paypayAuthTokenEnc: text('paypay_auth_token_enc').notNull().default(''),
    paypayKeyEnc: text('paypay_key_enc').notNull().default(''),
    paytreeId: str('paytree_id', 40),
    paytreeCompanyCode: str('paytree_company_code', 40),
    paytreeBranchCode: str('paytree_branch_code', 40),
    paytreePublicKey: text('paytree_public_key').notNull().default(''),
    limitOffline: money('limit_offline'),
    limitOnline: money('limit_online'),
    limitAutoDebit: money('limit_auto_debit'),
    limitStaticCode: money('limit_static_code'),
    limitDynamicCode: money('limit_dynamic_code'),
    limitLink: money('limit_link'),
    limitAll: money('limit_all'),
    /** CPM, MPM or multi. */
    offlineAppMode: varchar('offline_app_mode', { length: 5 }).notNull().default('CPM'),
    threeDSecure: boolean('three_d_secure').notNull().default(false),
    resultContactEmail: str('result_contact_email', 120),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_service_provider_idx').on(t.serviceProviderId),
    index('companies_agent_idx').on(t.agentId),
    uniqueIndex('companies_mid_unique')
      .on(t.mid)
      .where(sql`${t.mid} <> ''`),
    // The global search's prefixes of the name (whole, without the legal form) and the English name.
    index('companies_name_prefix_idx').on(sql`${companyNameKeys(t.name).whole} text_pattern_ops`),
    index('companies_short_name_prefix_idx').on(sql`${companyNameKeys(t.name).short} text_pattern_ops`),
    index('companies_name_en_prefix_idx').on(sql`lower(${t.nameEn}) text_pattern_ops`),
  ],
);

export const branchUnits = pgTable(
  'branch_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 120 }).notNull(),
    code: str('code', 20),
    address: str('address', 255),
    phone: str('phone', 20),
    contactName: str('contact_name', 60),
    remark: str('remark', 255),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('branch_units_company_idx').on(t.companyId),
    uniqueIndex('branch_units_company_name_unique').on(t.companyId, t.name),
  ],
);

/**
 * Comprehensive agents (包括代理店): the parties through which the platform holds a brand's
 * contract. Each brand is served by one agent (brand_agent_brands' primary key); the agent
 * charges the platform its fee on the brand's orders and settles with it per statement period
 * (docs/settlement.md). Managed by the system admin.
 */
export const brandAgents = pgTable('brand_agents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  nameEn: str('name_en', 120),
  contactName: str('contact_name', 60),
  contactEmail: str('contact_email', 120),
  phone: str('phone', 20),
  address: str('address', 255),
  ...bankColumns(),
  /** daily, weekly or monthly statements; weekly ones end on statementWeekday (1 Monday … 7 Sunday). */
  statementPeriod: varchar('statement_period', { length: 8 })
    .$type<CheckoutPeriod>()
    .notNull()
    .default('monthly'),
  statementWeekday: smallint('statement_weekday'),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which agent serves a brand, and its fee on the brand's orders (hundredths of a percent). */
export const brandAgentBrands = pgTable('brand_agent_brands', {
  brand: varchar('brand', { length: 20 }).$type<PayBrand>().primaryKey(),
  brandAgentId: integer('brand_agent_id')
    .notNull()
    .references(() => brandAgents.id),
  feeRate: integer('fee_rate').notNull(),
  updatedAt: updatedAt(),
});
