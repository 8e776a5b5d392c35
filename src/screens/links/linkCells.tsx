import { Button, Flex, Text } from '@chakra-ui/react';
import type { MessageKey, Translate } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';

/** The cells the URL-payment and pre-order lists share. */

/** The gateway number, the client's number under it. */
export const numbersCell = (gatewayNo: string, clientNo: string) => (
  <>
    <Text fontFamily="mono" fontSize="xs">
      {gatewayNo}
    </Text>
    <Text fontSize="xs" color="fg.muted">
      {clientNo}
    </Text>
  </>
);

export const companyCell = (r: { companyName: string; branchUnitName: string | null }) =>
  [r.companyName, r.branchUnitName].filter(Boolean).join(' / ') || '—';

export const remarkCell = (r: { remark: string }) => r.remark || '—';

export const createdCell = (r: { createdAt: string }) => formatDateTime(r.createdAt);

/** A row's actions: show its link and QR; close it while it can be closed. */
export function rowActions(
  t: Translate,
  number: string,
  actions: { show: () => void; close: (() => void) | null },
  closeKeys: { label: MessageKey; of: MessageKey },
) {
  return (
    <Flex gap="1">
      <Button size="xs" variant="ghost" onClick={actions.show} aria-label={t('links.showLinkOf', { number })}>
        {t('links.showLink')}
      </Button>
      {actions.close && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          onClick={actions.close}
          aria-label={t(closeKeys.of, { number })}
        >
          {t(closeKeys.label)}
        </Button>
      )}
    </Flex>
  );
}
