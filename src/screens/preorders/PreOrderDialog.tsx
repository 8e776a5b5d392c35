import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { DEFAULT_CURRENCY } from '../../contract/links';
import type { OrgOption } from '../../contract/org';
import { moneyIn } from '../../components/money';
import { PRE_ORDER_VALIDITY_DEFAULT, PreOrderCreate, type PreOrderRow } from '../../contract/preorders';
import type { PreOrderDraft } from '../../contract/preorders';
import { closePreOrder, createPreOrder, pagePreOrders } from '../../services/preorders';
import { useT } from '../../app/i18n';
import { withCompany } from '../links/CompanyField';
import { formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { CreateLinkDialog, showFieldErrors, sinceYesterday } from '../links/CreateLinkDialog';
import { useLinkLifecycle } from '../links/useLinkLifecycle';
import { PreOrderForm as PreOrderFormFields } from './PreOrderForm';

type Draft = PreOrderDraft & { request: PreOrderCreate };

/**
 * New pre-order on the pre-order machine: the form (contract PreOrderCreate), then the link
 * and QR code; each paid use the machine's watcher sees in the row read again is a USED event
 * (the last one ends it).
 */
export function PreOrderDialog({
  companies,
  onDone,
}: {
  companies: readonly OrgOption[] | null;
  onDone: (changed: boolean) => void;
}) {
  const t = useT();
  const [row, setRow] = useState<PreOrderRow | null>(null);
  const form = useForm({
    resolver: yupResolver(withCompany(PreOrderCreate, companies)),
    defaultValues: {
      clientPayNo: '',
      orderAmount: null as unknown as number,
      currency: DEFAULT_CURRENCY,
      validityHours: PRE_ORDER_VALIDITY_DEFAULT,
      useTimes: 1,
      remark: '',
      companyId: companies?.length === 1 ? companies[0].id : null,
      branchUnitId: null,
    },
  });
  const lifecycle = useLinkLifecycle<Draft>({
    create: async ({ request }) => {
      const made = await createPreOrder(request).catch(showFieldErrors(form));
      setRow(made);
      return made;
    },
    close: (gatewayPayNo) => closePreOrder({ gatewayPayNo }),
    // The machine's watcher reads the row again and counts its new uses.
    read: async (payNo) => {
      const fresh = (await pagePreOrders({ payNo, ...sinceYesterday(), pageNum: 1, pageSize: 1 })).records[0];
      if (!fresh) return null;
      setRow(fresh);
      return { usedTimes: fresh.usedTimes };
    },
  });
  return (
    <CreateLinkDialog
      kind="preOrder"
      lifecycle={lifecycle}
      form={form}
      toDraft={(values): Draft => {
        const request = values as PreOrderCreate;
        return {
          orderAmount: request.orderAmount,
          currency: request.currency,
          validityHours: request.validityHours,
          useTimes: request.useTimes,
          remark: request.remark,
          request,
        };
      }}
      fields={<PreOrderFormFields companies={companies} />}
      summary={
        row && (
          <InfoList
            items={[
              { label: t('fields.orderAmount'), value: moneyIn(t)(row.orderAmount, row.currency) },
              { label: t('links.payNo'), value: row.gatewayPayNo },
              { label: t('fields.clientPayNo'), value: row.clientPayNo },
              { label: t('links.expiresAt'), value: formatDateTime(row.expireTime) },
              { label: t('fields.remark'), value: row.remark },
            ]}
          />
        )
      }
      onDone={onDone}
    />
  );
}
