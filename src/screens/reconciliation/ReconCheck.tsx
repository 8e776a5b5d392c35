import { useCallback } from 'react';
import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { ListQuery } from '../../machines/listQuery';
import { can } from '../../contract/capabilities';
import { RECON_LISTS } from '../../contract/lists/reconciliation';
import type { ReconDayRow, ReconGroup } from '../../contract/reconciliation';
import { useT } from '../../app/i18n';
import { ListScreen } from '../../lists/ListScreen';
import type { MessageKey } from '../../i18n/translator';
import { pageReconDays } from '../../services/reconciliation';
import { useSessionUser } from '../../app/session';
import { dayCells } from './reconCells';
import { ImportStatementButton } from './import/ImportStatementButton';

const TITLES: Record<ReconGroup, MessageKey> = {
  wallet: 'menu.walletCheck',
  paypay: 'menu.paypayCheck',
};

/**
 * A reconciliation check page (/history/walletCheck, /history/paypayCheck): one row per brand
 * and business day with its current run — status, counts per code, open exceptions, our and the
 * statement's totals — filters in the URL (day ≤ 75 days, brand, exceptions, code), both exports.
 * Each day opens its page (results, resolutions, run history).
 */
export function ReconCheck({ group }: { group: ReconGroup }) {
  const t = useT();
  const fetchPage = useCallback((q: ListQuery) => pageReconDays(group, q), [group]);
  const cells = useCallback((tr: typeof t) => dayCells(group)(tr), [group]);
  const user = useSessionUser();
  const imports = can(user, 'reconcile');
  return (
    <ListScreen
      list={RECON_LISTS[group]}
      titleKey={TITLES[group]}
      tableKey="reconciliation.list.table"
      fetchPage={fetchPage}
      cells={cells}
      rowKey={(r: ReconDayRow) => r.runId}
      scoped={false}
      actions={({ reload }) => (
        <>
          {/* An import that ends with a run changes the days listed. */}
          <ImportStatementButton group={group} onImported={reload} />
          {imports && (
            <Button asChild size="sm" variant="outline">
              <Link href={`/history/${group}Check/imports`}>{t('reconciliation.imports.listTitle')}</Link>
            </Button>
          )}
        </>
      )}
    />
  );
}
