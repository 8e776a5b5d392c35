import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  DEFAULT_CURRENCY,
  LINK_EXPIRY_HOURS_DEFAULT,
  PayLinkCreate,
  type PayLinkRow,
} from '../../contract/links';
import { PAID_STATUSES } from '../../contract/orders';
import type { OrgOption } from '../../contract/org';
import { moneyIn } from '../../components/money';
import type { PreOrderDraft } from '../../contract/preorders';
import { closePayLink, createPayLink, pagePayLinks } from '../../services/links';
import { useT } from '../../app/i18n';
import { withCompany } from './CompanyField';
import { formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { CreateLinkDialog, showFieldErrors, sinceYesterday } from './CreateLinkDialog';
import { lifecyclePhase } from './LifecycleView';
import { PayLinkForm } from './PayLinkForm';
import { useLinkLifecycle } from './useLinkLifecycle';

type LinkDraft = PreOrderDraft & { request: PayLinkCreate };

/**
 * New URL payment: the form (contract PayLinkCreate), then on the pre-order machine the pay
 * link and its QR code, Close, and the payment seen paid (USED) when the machine's watcher
 * reads its row again.
 */
export function PayLinkDialog({
  companies,
  onDone,
}: {
  companies: readonly OrgOption[] | null;
  onDone: (changed: boolean) => void;
}) {
  const t = useT();
  const [row, setRow] = useState<PayLinkRow | null>(null);
  const form = useForm({
    resolver: yupResolver(withCompany(PayLinkCreate, companies)),
    defaultValues: {
      clientOrderNo: '',
      amount: null as unknown as number,
      currency: DEFAULT_CURRENCY,
      subject: '',
      payerName: '',
      payerEmail: '',
      remark: '',
      expireHours: LINK_EXPIRY_HOURS_DEFAULT,
      companyId: companies?.length === 1 ? companies[0].id : null,
      branchUnitId: null,
    },
  });
  const lifecycle = useLinkLifecycle<LinkDraft>({
    create: async ({ request }) => {
      const made = await createPayLink(request).catch(showFieldErrors(form));
      setRow(made);
      return {
        gatewayPayNo: made.gatewayOrderNo,
        clientPayNo: made.clientOrderNo,
        payLink: made.payLink,
        expireTime: made.expiresAt ?? '',
        useTimes: 1,
      };
    },
    close: (gatewayOrderNo) => closePayLink({ gatewayOrderNo }),
    // The machine's watcher reads the row again: a URL payment is used once it is paid.
    read: async (orderNo) => {
      const fresh = (await pagePayLinks({ orderNo, ...sinceYesterday(), pageNum: 1, pageSize: 1 }))
        .records[0];
      if (!fresh) return null;
      setRow(fresh);
      return { usedTimes: (PAID_STATUSES as readonly string[]).includes(fresh.status) ? 1 : 0 };
    },
  });
  const { state } = lifecycle;

  return (
    <CreateLinkDialog
      kind="url"
      lifecycle={lifecycle}
      form={form}
      toDraft={(values): LinkDraft => {
        const request = values as PayLinkCreate;
        return {
          orderAmount: request.amount,
          currency: request.currency,
          validityHours: request.expireHours,
          useTimes: 1,
          remark: request.remark,
          request,
        };
      }}
      fields={<PayLinkForm companies={companies} />}
      summary={
        row && (
          <InfoList
            items={[
              { label: t('fields.subject'), value: row.subject },
              { label: t('fields.amount'), value: moneyIn(t)(row.amount, row.currency) },
              { label: t('links.orderNo'), value: row.gatewayOrderNo },
              { label: t('fields.clientOrderNo'), value: row.clientOrderNo },
              { label: t('links.expiresAt'), value: formatDateTime(row.expiresAt) },
              ...(lifecyclePhase(state) === 'open'
                ? []
                : [{ label: t('fields.status'), value: t(`orders.statuses.${row.status}`) }]),
            ]}
          />
        )
      }
      onDone={onDone}
    />
  );
}
