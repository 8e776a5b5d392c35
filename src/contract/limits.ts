import { channelOf, type PaymentType } from './brands';
import { MAX_MINOR, maxPaymentMinor, moneyValue } from './money';
import type { LIMIT_FIELDS } from './orgCompany';
import { number } from './validation';

/**
 * Payment limits of spec point 3 (a company's seven limits; the rules in docs/api.md
 * "Payment limits"). Every limit is an integer in the minor units of the payment's own
 * currency (100000 is ¥100,000 for a JPY payment and $1,000.00 for a USD one) and is applied
 * to each currency separately; null is no limit, 0 closes that channel.
 *
 * - A per-payment limit caps one payment: the code kind (link = URL payments and the merchant
 *   API's links; dynamic code = the merchant API's dynamic QR and every use of a QR pre-order;
 *   static code = static QR) and the channel of the commission rates (online = link and card
 *   payments, offline = QR and CPM payments at the till). A payment meets both.
 * - limitAll caps the sum of the company's payments of one currency created in one business
 *   day (KESSAI_TIME_ZONE, Asia/Tokyo), counting those paid or still open (failed, timed out
 *   and closed ones took no money).
 * - limitAutoDebit is kept for auto-debit payments, which no call creates yet.
 */
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** The per-payment limits a payment meets: its code kind's, then its channel's. */
export function paymentLimitFields(paymentType: PaymentType, fromPreOrder: boolean): LimitField[] {
  const kind: LimitField | null =
    fromPreOrder || paymentType === 'dynamicQr'
      ? 'limitDynamicCode'
      : paymentType === 'staticQr'
        ? 'limitStaticCode'
        : paymentType === 'link'
          ? 'limitLink'
          : null;
  const channel: LimitField = channelOf(paymentType) === 'online' ? 'limitOnline' : 'limitOffline';
  return kind ? [kind, channel] : [channel];
}

/** The error code of a refused payment in the merchant API's FAIL result. */
export const LIMIT_EXCEEDED = 'LIMIT_EXCEEDED';

/** What a FAIL for a limit carries in `result` (merchant API and console alike). */
export interface LimitRefusal {
  errorCode: typeof LIMIT_EXCEEDED;
  /** Which limit: one of LIMIT_FIELDS, or `paymentMax` for the absolute maximum. */
  limit: LimitField | 'paymentMax';
  /** The limit's value in minor units of `currency`. */
  limitAmount: number;
  currency: string;
  /** For limitAll: what is left of today's limit (minor units). */
  remaining?: number;
}

/**
 * An amount of one payment in minor units: an integer from 1 up to the sanity maximum of the
 * currency beside it (`currencyField` names the sibling field, default JPY).
 */
export const paymentAmount = (currencyField = 'currency') =>
  number()
    .required()
    .integer()
    .min(1)
    .max(MAX_MINOR)
    .test({
      name: 'paymentMax',
      test(value) {
        if (value === undefined || value === null) return true;
        const currency = String((this.parent as Record<string, unknown>)?.[currencyField] || 'JPY');
        const max = maxPaymentMinor(currency);
        if (value <= max) return true;
        return this.createError({
          message: ({ path }: { path: string }) => ({
            key: 'validation.paymentMax',
            values: { field: path, max: moneyValue(max, currency) },
          }),
        });
      },
    });
