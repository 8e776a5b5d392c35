import { LINK_EXPIRY_HOURS_DEFAULT, PayLinkCreate } from '../../contract/links';
import type { OrgOption } from '../../contract/org';
import { moneyIn } from '../../components/money';
import { useT } from '../../app/i18n';
import { useLinkForm } from './CompanyField';
import { formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { CreateLinkDialog } from './CreateLinkDialog';
import { lifecyclePhase } from './LifecycleView';
import { PayLinkForm } from './PayLinkForm';

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
  const form = useLinkForm(PayLinkCreate, companies, {
    clientOrderNo: '',
    amount: null,
    subject: '',
    payerName: '',
    payerEmail: '',
    expireHours: LINK_EXPIRY_HOURS_DEFAULT,
  });
  return (
    <CreateLinkDialog
      kind="url"
      form={form}
      toDraft={(values) => ({ kind: 'url', request: values as PayLinkCreate })}
      fields={<PayLinkForm companies={companies} />}
      summary={(record, { state }) =>
        record.kind === 'url' && (
          <InfoList
            items={[
              { label: t('fields.subject'), value: record.row.subject },
              { label: t('fields.amount'), value: moneyIn(t)(record.row.amount, record.row.currency) },
              { label: t('links.orderNo'), value: record.row.gatewayOrderNo },
              { label: t('fields.clientOrderNo'), value: record.row.clientOrderNo },
              { label: t('links.expiresAt'), value: formatDateTime(record.row.expiresAt) },
              ...(lifecyclePhase(state) === 'open'
                ? []
                : [{ label: t('fields.status'), value: t(`orders.statuses.${record.row.status}`) }]),
            ]}
          />
        )
      }
      onDone={onDone}
    />
  );
}
