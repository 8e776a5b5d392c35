import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import {
  channelOf,
  commissionBrand,
  PAY_BRANDS,
  SUB_BRANDS,
  brandTakes,
  type PayBrand,
  type PaymentType,
} from '../../../src/contract/brands';
import { missingRates, type RateChannel, type RateKey } from '../../../src/contract/commission';
import { labelValue } from '../../../src/i18n/translator';
import type { Executor } from '../../db/client';
import { commissionRates, rateChanges } from '../../db/schema';
import { fail } from '../../platform/envelope';

/**
 * No payment without its commission (issue #29, docs/settlement.md "Money"): a company takes
 * payments through a brand only where it has a commission rate for every commission brand the
 * payment may be charged under, in the payment's channel. Refused before anything is written,
 * at every door a payment comes in by: the merchant API, the console's URL payments and
 * pre-orders, the payer's choice on /qrcode.
 */
export const NO_COMMISSION_RATE = 'NO_COMMISSION_RATE';

export const ratesOf = (db: Executor, companyId: number): Promise<RateKey[]> =>
  db
    .select({ brand: commissionRates.brand, channel: commissionRates.channel })
    .from(commissionRates)
    .where(eq(commissionRates.companyId, companyId));

/** Refused when the company has no rate for a payment through `brand` (and `subBrand`) of this type. */
export async function assertRated(
  db: Executor,
  companyId: number,
  brand: PayBrand,
  subBrand: string,
  paymentType: PaymentType,
): Promise<void> {
  const channel = channelOf(paymentType);
  const missing = missingRates(await ratesOf(db, companyId), brand, subBrand, channel);
  if (missing.length === 0) return;
  throw fail(
    'server.payments.noCommissionRate',
    { brand: labelValue(`org.brand.${missing[0]}`), channel: labelValue(`org.channel.${channel}`) },
    { errorCode: NO_COMMISSION_RATE, brand, channel, missing },
  );
}

/**
 * The brands (with their wallets or schemes) a payer may choose for a payment of this company in
 * `currency` through `paymentType`: those that take the currency and that the company has the
 * rates for. A Chinese wallet is offered on its own rate.
 */
export async function payableBrands(
  db: Executor,
  companyId: number,
  currency: string,
  paymentType: PaymentType,
): Promise<{ brand: PayBrand; subBrands: string[] }[]> {
  const rates = await ratesOf(db, companyId);
  const channel = channelOf(paymentType);
  return PAY_BRANDS.filter((b) => brandTakes(b, currency))
    .map((brand) => ({
      brand,
      subBrands: SUB_BRANDS[brand].filter((sub) => missingRates(rates, brand, sub, channel).length === 0),
    }))
    .filter((b) => b.subBrands.length > 0);
}

/** A payment whose payer chooses the brand later (a URL payment, a pre-order's use): some brand must be ready. */
export async function assertSomeBrandRated(
  db: Executor,
  companyId: number,
  currency: string,
  paymentType: PaymentType,
): Promise<void> {
  if ((await payableBrands(db, companyId, currency, paymentType)).length > 0) return;
  const channel: RateChannel = channelOf(paymentType);
  throw fail(
    'server.payments.noBrandReady',
    { channel: labelValue(`org.channel.${channel}`) },
    { errorCode: NO_COMMISSION_RATE, channel },
  );
}

/**
 * The commission rate of a payment when it is paid: the company's rate in force for its
 * commission brand and channel. A payment accepted under a rate that was removed before the payer
 * paid (the check at its creation passed) is charged at the last rate in force before the removal,
 * from the rates' history — never nothing (docs/settlement.md, "Money").
 */
export async function commissionRateAt(
  tx: Executor,
  order: { companyId: number; brand: PayBrand | ''; subBrand: string; paymentType: PaymentType },
  at: Date,
): Promise<number | null> {
  const brand = commissionBrand(order.brand, order.subBrand);
  const channel = channelOf(order.paymentType);
  const [current] = await tx
    .select({ rate: commissionRates.rate })
    .from(commissionRates)
    .where(
      and(
        eq(commissionRates.companyId, order.companyId),
        eq(commissionRates.brand, brand),
        eq(commissionRates.channel, channel),
      ),
    );
  if (current) return current.rate;
  const [last] = await tx
    .select({ rate: rateChanges.rate })
    .from(rateChanges)
    .where(
      and(
        eq(rateChanges.kind, 'commission'),
        eq(rateChanges.companyId, order.companyId),
        eq(rateChanges.brand, brand),
        eq(rateChanges.channel, channel),
        isNotNull(rateChanges.rate),
        lte(rateChanges.validFrom, at),
      ),
    )
    .orderBy(desc(rateChanges.validFrom), desc(rateChanges.id))
    .limit(1);
  return last?.rate ?? null;
}
