import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { FormProvider, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import {
  DEFAULT_CURRENCY,
  LINK_EXPIRY_HOURS_DEFAULT,
  PayLinkCreate,
  type PayLinkRow,
} from '../../contract/links';
import { PAID_STATUSES } from '../../contract/orders';
import type { OrgOption } from '../../contract/org';
import { formatMoney } from '../../contract/money';
import type { PreOrderDraft } from '../../machines/preOrder';
import { closePayLink, createPayLink, pagePayLinks } from '../../services/links';
import { useT } from '../../app/i18n';
import { businessDate, formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { LifecycleDialog, LifecycleView, lifecyclePhase } from './LifecycleView';
import { PayLinkForm } from './PayLinkForm';
import { useLinkLifecycle } from './useLinkLifecycle';

type LinkDraft = PreOrderDraft & { request: PayLinkCreate };

/** How often an open link's row is read again to see it paid. */
export const REFRESH_MS = 5000;

/**
 * New URL payment: the form (contract PayLinkCreate), then on the pre-order machine the pay
 * link and its QR code, Close, and the payment seen paid (USED) when its row is read again.
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
  const lifecycle = useLinkLifecycle<LinkDraft>({
    create: async ({ request }) => {
      const made = await createPayLink(request);
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
  });
  const { state, send } = lifecycle;
  const form = useForm({
    resolver: yupResolver(PayLinkCreate),
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
  const drafting = state.matches('draft') || state.matches('creating');
  const open = state.matches({ created: 'open' });
  const created = state.context.preOrder;

  useRefreshedRow(open && created ? created.gatewayPayNo : null, (fresh) => {
    setRow(fresh);
    if ((PAID_STATUSES as readonly string[]).includes(fresh.status)) send({ type: 'USED' });
  });

  const submit = form.handleSubmit((values) => {
    const request = values as PayLinkCreate;
    const draft: LinkDraft = {
      orderAmount: request.amount,
      currency: request.currency,
      validityHours: request.expireHours,
      useTimes: 1,
      remark: request.remark,
      request,
    };
    send({ type: 'CREATE', draft });
  });

  return (
    <LifecycleDialog
      open
      title={t(drafting ? 'linkScreens.url.newTitle' : 'linkScreens.url.createdTitle')}
      onDone={() => onDone(!drafting)}
      footer={
        drafting ? (
          <>
            <Button variant="outline" onClick={() => onDone(false)} disabled={state.hasTag('busy')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="pay-link-form" loading={state.matches('creating')}>
              {t('linkScreens.url.create')}
            </Button>
          </>
        ) : (
          <>
            {state.can({ type: 'NEW' }) && (
              <Button variant="outline" onClick={() => (form.reset(), send({ type: 'NEW' }))}>
                {t('linkScreens.url.new')}
              </Button>
            )}
            <Button onClick={() => onDone(true)} disabled={state.hasTag('busy')}>
              {t('common.close')}
            </Button>
          </>
        )
      }
    >
      {drafting ? (
        <FormProvider {...form}>
          <form id="pay-link-form" onSubmit={submit} noValidate aria-label={t('linkScreens.url.newTitle')}>
            <Stack gap="4">
              {state.context.error && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{state.context.error}</Alert.Title>
                </Alert.Root>
              )}
              <PayLinkForm companies={companies} />
            </Stack>
          </form>
        </FormProvider>
      ) : (
        <LifecycleView
          lifecycle={lifecycle}
          kind="url"
          summary={
            row && (
              <InfoList
                items={[
                  { label: t('fields.subject'), value: row.subject },
                  { label: t('fields.amount'), value: formatMoney(row.amount, row.currency) },
                  { label: t('linkScreens.orderNo'), value: row.gatewayOrderNo },
                  { label: t('fields.clientOrderNo'), value: row.clientOrderNo },
                  { label: t('linkScreens.expiresAt'), value: formatDateTime(row.expiresAt) },
                  ...(lifecyclePhase(state) === 'open'
                    ? []
                    : [{ label: t('fields.status'), value: t(`payments.orderStatus.${row.status}`) }]),
                ]}
              />
            )
          }
        />
      )}
    </LifecycleDialog>
  );
}

/** Reads an open link's row again every few seconds (is it paid yet?). */
function useRefreshedRow(orderNo: string | null, onRow: (row: PayLinkRow) => void) {
  const latest = useRef(onRow);
  latest.current = onRow;
  useEffect(() => {
    if (!orderNo) return;
    const timer = setInterval(() => {
      pagePayLinks({ orderNo, ...sinceYesterday(), pageNum: 1, pageSize: 1 }).then(
        (page) => page.records[0] && latest.current(page.records[0]),
        () => undefined,
      );
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [orderNo]);
}

/** A link made in this dialog was created today or, past midnight, yesterday. */
export const sinceYesterday = () => ({ beginTime: businessDate(1), endTime: businessDate(0) });
