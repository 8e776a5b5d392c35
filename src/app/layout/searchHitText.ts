import type { SearchHit } from '../../contract/search';
import { formatDateTime } from '../../components/format';
import type { MoneyText } from '../../components/money';
import type { Translate } from '../../i18n/translator';

/** What a result says: its number or name, a line about it, and its amount where it has one. */
export interface HitText {
  title: string;
  detail: string;
  amount: string;
}

export function hitText(t: Translate, money: MoneyText, hit: SearchHit): HitText {
  const line = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  switch (hit.kind) {
    case 'order':
    case 'link':
      return {
        title: hit.gatewayOrderNo,
        detail: line(
          t(`orders.statuses.${hit.status}`),
          hit.clientOrderNo,
          hit.companyName,
          formatDateTime(hit.createdAt),
        ),
        amount: money(hit.amount, hit.currency),
      };
    case 'refund':
      return {
        title: hit.gatewayRefundNo,
        detail: line(
          t(`refunds.statuses.${hit.status}`),
          t('search.refundOf', { orderNo: hit.gatewayOrderNo }),
          formatDateTime(hit.createdAt),
        ),
        amount: money(hit.amount, hit.currency),
      };
    case 'preOrder':
      return {
        title: hit.gatewayPayNo,
        detail: line(hit.clientPayNo, formatDateTime(hit.createdAt)),
        amount: money(hit.amount, hit.currency),
      };
    case 'settlement':
      return {
        title: hit.settlementNo,
        detail: line(hit.partyName, hit.periodEnd),
        amount: money(hit.amount, hit.currency),
      };
    case 'batch':
      return {
        title: `#${hit.id}`,
        detail: line(
          t(`payoutBatches.statuses.${hit.status}`),
          t('search.batchOf', { count: hit.settlementCount, date: hit.transferDate }),
        ),
        amount: '',
      };
    case 'company':
      return {
        title: hit.name,
        detail: line(`${t('fields.id')} ${hit.id}`, hit.mid ? t('search.mid', { mid: hit.mid }) : ''),
        amount: '',
      };
  }
}
