import type { OrgOption } from '../../contract/org';
import { moneyIn } from '../../components/money';
import { PRE_ORDER_VALIDITY_DEFAULT, PreOrderCreate } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { useLinkForm } from '../links/CompanyField';
import { formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { CreateLinkDialog } from '../links/CreateLinkDialog';
import { PreOrderForm as PreOrderFormFields } from './PreOrderForm';

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
  const form = useLinkForm(PreOrderCreate, companies, {
    clientPayNo: '',
    orderAmount: null,
    validityHours: PRE_ORDER_VALIDITY_DEFAULT,
    useTimes: 1,
  });
  return (
    <CreateLinkDialog
      kind="preOrder"
      form={form}
      toDraft={(values) => ({ kind: 'preOrder', request: values as PreOrderCreate })}
      fields={<PreOrderFormFields companies={companies} />}
      summary={(record) =>
        record.kind === 'preOrder' && (
          <InfoList
            items={[
              {
                label: t('fields.orderAmount'),
                value: moneyIn(t)(record.row.orderAmount, record.row.currency),
              },
              { label: t('links.payNo'), value: record.row.gatewayPayNo },
              { label: t('fields.clientPayNo'), value: record.row.clientPayNo },
              { label: t('links.expiresAt'), value: formatDateTime(record.row.expireTime) },
              { label: t('fields.remark'), value: record.row.remark },
            ]}
          />
        )
      }
      onDone={onDone}
    />
  );
}
