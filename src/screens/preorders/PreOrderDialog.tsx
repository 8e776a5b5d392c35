import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { FormProvider, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { DEFAULT_CURRENCY } from '../../contract/links';
import type { OrgOption } from '../../contract/org';
import { formatMoney } from '../../contract/money';
import { PRE_ORDER_VALIDITY_DEFAULT, PreOrderCreate, type PreOrderRow } from '../../contract/preorders';
import type { PreOrderDraft } from '../../machines/preOrder';
import { closePreOrder, createPreOrder, pagePreOrders } from '../../services/preorders';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { LifecycleDialog, LifecycleView } from '../links/LifecycleView';
import { REFRESH_MS, sinceYesterday } from '../links/PayLinkDialog';
import { useLinkLifecycle } from '../links/useLinkLifecycle';
import { PreOrderForm as PreOrderFormFields } from './PreOrderForm';

type Draft = PreOrderDraft & { request: PreOrderCreate };

/**
 * New pre-order on the pre-order machine: the form (contract PreOrderCreate), then the link
 * and QR code; each paid use seen in the row read again is a USED event (the last one ends it).
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
  const lifecycle = useLinkLifecycle<Draft>({
    create: async ({ request }) => {
      const made = await createPreOrder(request);
      setRow(made);
      return made;
    },
    close: (gatewayPayNo) => closePreOrder({ gatewayPayNo }),
  });
  const { state, send } = lifecycle;
  const form = useForm({
    resolver: yupResolver(PreOrderCreate),
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
  const drafting = state.matches('draft') || state.matches('creating');
  const created = state.context.preOrder;
  const seen = state.context.usedTimes;

  useRefreshedPreOrder(
    state.matches({ created: 'open' }) && created ? created.gatewayPayNo : null,
    (fresh) => {
      setRow(fresh);
      for (let n = seen; n < fresh.usedTimes; n++) send({ type: 'USED' });
    },
  );

  const submit = form.handleSubmit((values) => {
    const request = values as PreOrderCreate;
    const draft: Draft = {
      orderAmount: request.orderAmount,
      currency: request.currency,
      validityHours: request.validityHours,
      useTimes: request.useTimes,
      remark: request.remark,
      request,
    };
    send({ type: 'CREATE', draft });
  });

  return (
    <LifecycleDialog
      open
      title={t(drafting ? 'linkScreens.preOrder.newTitle' : 'linkScreens.preOrder.createdTitle')}
      onDone={() => onDone(!drafting)}
      footer={
        drafting ? (
          <>
            <Button variant="outline" onClick={() => onDone(false)} disabled={state.hasTag('busy')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="pre-order-form" loading={state.matches('creating')}>
              {t('linkScreens.preOrder.create')}
            </Button>
          </>
        ) : (
          <>
            {state.can({ type: 'NEW' }) && (
              <Button variant="outline" onClick={() => (form.reset(), send({ type: 'NEW' }))}>
                {t('linkScreens.preOrder.new')}
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
          <form
            id="pre-order-form"
            onSubmit={submit}
            noValidate
            aria-label={t('linkScreens.preOrder.newTitle')}
          >
            <Stack gap="4">
              {state.context.error && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{state.context.error}</Alert.Title>
                </Alert.Root>
              )}
              <PreOrderFormFields companies={companies} />
            </Stack>
          </form>
        </FormProvider>
      ) : (
        <LifecycleView
          lifecycle={lifecycle}
          kind="preOrder"
          summary={
            row && (
              <InfoList
                items={[
                  { label: t('fields.orderAmount'), value: formatMoney(row.orderAmount, row.currency) },
                  { label: t('linkScreens.payNo'), value: row.gatewayPayNo },
                  { label: t('fields.clientPayNo'), value: row.clientPayNo },
                  { label: t('linkScreens.expiresAt'), value: formatDateTime(row.expireTime) },
                  { label: t('fields.remark'), value: row.remark },
                ]}
              />
            )
          }
        />
      )}
    </LifecycleDialog>
  );
}

/** Reads an open pre-order's row again every few seconds (how many uses are paid?). */
function useRefreshedPreOrder(payNo: string | null, onRow: (row: PreOrderRow) => void) {
  const latest = useRef(onRow);
  latest.current = onRow;
  useEffect(() => {
    if (!payNo) return;
    const timer = setInterval(() => {
      pagePreOrders({ payNo, ...sinceYesterday(), pageNum: 1, pageSize: 1 }).then(
        (page) => page.records[0] && latest.current(page.records[0]),
        () => undefined,
      );
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [payNo]);
}
