import type { ReactNode } from 'react';
import { Alert, Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { PreOrderEvent } from '../../machines/preOrder';
import type { LinkLifecycle } from './useLinkLifecycle';
import { useT } from '../../app/i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LinkAndQr } from './LinkAndQr';
import { FailureAlert } from '../../components/FailureAlert';
import { DialogFrame } from '../../components/DialogFrame';

type Lifecycle = LinkLifecycle;

/** Where the machine stands, as the dialog's badge and message. */
export function lifecyclePhase(state: Lifecycle['state']) {
  if (state.matches('used')) return 'used';
  if (state.matches('expired')) return 'expired';
  if (state.matches('closed')) return 'closed';
  return 'open';
}

const COLOURS = { open: 'blue', used: 'green', expired: 'gray', closed: 'gray' } as const;

/** Where each kind's texts are in the catalogues (its area's keys). */
const TEXTS = { url: 'links.url', preOrder: 'preorders' } as const;

/**
 * A created link (URL payment or pre-order): its summary, link and QR code, and what the
 * machine allows — Close (after a confirmation), or New once it has ended.
 */
export function LifecycleView({
  lifecycle,
  kind,
  summary,
}: {
  lifecycle: Lifecycle;
  kind: 'url' | 'preOrder';
  summary: ReactNode;
}) {
  const t = useT();
  const { state, send } = lifecycle;
  const created = state.context.preOrder;
  if (!created) return null;
  const phase = lifecyclePhase(state);
  const closing = state.matches({ created: 'closing' });
  const confirming = state.matches({ created: 'confirmingClose' });
  const act = (event: PreOrderEvent) => send(event);

  return (
    <Stack gap="4">
      <Flex align="center" gap="2" wrap="wrap">
        <Badge colorPalette={COLOURS[phase]} size="lg" role="status">
          {t(`${TEXTS[kind]}.phase.${phase}`)}
        </Badge>
        {kind === 'preOrder' && (
          <Text fontSize="sm" color="fg.muted">
            {t('preorders.usedOf', {
              used: state.context.usedTimes,
              total: created.useTimes,
            })}
          </Text>
        )}
      </Flex>
      {phase !== 'open' && (
        <Alert.Root status={phase === 'used' ? 'success' : 'info'}>
          <Alert.Indicator />
          <Alert.Title>{t(`${TEXTS[kind]}.ended.${phase}`)}</Alert.Title>
        </Alert.Root>
      )}
      <FailureAlert text={state.context.error} />
      {summary}
      <LinkAndQr
        link={created.payLink}
        number={created.gatewayPayNo}
        disabled={phase !== 'open'}
        onCopy={() => act({ type: 'COPY_LINK' })}
        onDownload={() => act({ type: 'DOWNLOAD_QR' })}
      />
      <ConfirmDialog
        open={confirming}
        title={t(`${TEXTS[kind]}.closeTitle`)}
        body={t(`${TEXTS[kind]}.closeBody`, { number: created.gatewayPayNo })}
        confirmLabel={t(`${TEXTS[kind]}.closeConfirm`)}
        tone="danger"
        onCancel={() => act({ type: 'CANCEL_CLOSE' })}
        onConfirm={() => act({ type: 'CONFIRM_CLOSE' })}
      />
      {(state.can({ type: 'CLOSE' }) || confirming || closing) && (
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={closing}
          disabled={!state.can({ type: 'CLOSE' })}
          onClick={() => act({ type: 'CLOSE' })}
        >
          {t(`${TEXTS[kind]}.close`)}
        </Button>
      )}
    </Stack>
  );
}

/** The dialog around the lifecycle: the form while drafting, the link once created. */
export function LifecycleDialog({
  open,
  title,
  onDone,
  footer,
  children,
}: {
  open: boolean;
  title: string;
  onDone: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogFrame open={open} title={title} size="lg" label={title} onDismiss={onDone} footer={footer}>
      {children}
    </DialogFrame>
  );
}
