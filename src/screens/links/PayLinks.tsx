import { PAY_LINK_COLUMNS, type PayLinkRow } from '../../contract/links';
import { closePayLink, pagePayLinks, uploadPayLinks } from '../../services/links';
import { useT } from '../../app/i18n';
import { LinkListScreen } from './LinkListScreen';
import { PayLinkDialog } from './PayLinkDialog';
import { payLinkCells } from './payLinkColumns';
import { PAY_LINK_LIST } from '../../contract/lists/payLinks';

/** The example row of the upload template. */
const EXAMPLE = {
  clientOrderNo: 'INV-2026-0001',
  amount: '5500',
  currency: 'JPY',
  subject: 'Invoice 2026-0001',
  payerName: 'Hanako Yamada',
  payerEmail: 'hanako@example.jp',
  remark: '',
  expireHours: '72',
};

/** /manage/url: invoice / URL payments — list, new (link + QR), close, upload. */
export default function PayLinks() {
  const t = useT();
  return (
    <LinkListScreen<PayLinkRow, typeof PAY_LINK_LIST>
      texts={{
        title: t('menu.links'),
        newTitle: t('links.url.newTitle'),
        uploadTitle: t('links.url.uploadTitle'),
        closeTitle: t('links.url.closeTitle'),
        closeBody: (number) => t('links.url.closeBody', { number }),
        closeConfirm: t('links.url.closeConfirm'),
        closed: (number) => t('links.url.closed', { number }),
      }}
      tableKey="links.url.table"
      list={PAY_LINK_LIST}
      fetchPage={pagePayLinks}
      cells={payLinkCells}
      numberOf={(r) => r.gatewayOrderNo}
      close={(r) => closePayLink({ gatewayOrderNo: r.gatewayOrderNo })}
      upload={{
        columns: PAY_LINK_COLUMNS,
        example: EXAMPLE,
        templateName: 'url-payments-template.csv',
        send: uploadPayLinks,
      }}
      newDialog={(p) => <PayLinkDialog {...p} />}
    />
  );
}
