import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderDetail } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';
import { syncOrder } from '../../services/orders';

/**
 * "Sync with brand" on the order detail (spec point 3, /history/orderInfo/getOrderSync): one
 * call, no workflow — so a hook, not a machine (issue #30). The server asks the brand and
 * replies with the order as it now stands and a message: the order replaces the one shown
 * (`onSynced`) and the message (or "Synced") is a toast. A failure is the API client's toast;
 * the button is then ready again. A reply for an order no longer shown is dropped.
 */
export function useOrderSync(gatewayOrderNo: string, onSynced: (order: OrderDetail) => void) {
  const t = useT();
  /** The order whose sync is on its way. */
  const [syncingFor, setSyncingFor] = useState<string | null>(null);
  const shown = useRef(gatewayOrderNo);
  useEffect(() => {
    shown.current = gatewayOrderNo;
    return () => {
      shown.current = '';
    };
  }, [gatewayOrderNo]);
  const sync = useCallback(async () => {
    setSyncingFor(gatewayOrderNo);
    try {
      const reply = await syncOrder(gatewayOrderNo);
      if (shown.current !== gatewayOrderNo) return;
      onSynced(reply.result);
      showSuccess(reply.message || t('orders.detail.synced'));
    } catch {
      // Shown by the API client.
    } finally {
      setSyncingFor((current) => (current === gatewayOrderNo ? null : current));
    }
  }, [gatewayOrderNo, onSynced, t]);
  return { syncing: syncingFor === gatewayOrderNo, sync };
}
