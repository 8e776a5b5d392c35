import { useCallback } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { ListQuery } from '../../machines/listQuery';
import { RECON_LISTS } from '../../contract/lists/reconciliation';
import type { ReconDayRow, ReconGroup } from '../../contract/reconciliation';
import { useT } from '../../app/i18n';
import { ExportButtons } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { ListBody } from '../../lists/ListBody';
import { exportCallsOf } from '../../lists/exportCalls';
import { useListOf } from '../../lists/useListScreen';
import type { MessageKey } from '../../i18n';
import { pageReconDays } from '../../services/reconciliation';
import { useSessionUser } from '../../app/session';
import { RECON_WRITE_ROLES } from '../../contract/reconciliation';
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
  const list = RECON_LISTS[group];
  const fetchPage = useCallback((q: ListQuery) => pageReconDays(group, q), [group]);
  const screen = useListOf<ReconDayRow>(list, fetchPage);
  const cells = useCallback((tr: typeof t) => dayCells(group)(tr), [group]);
  const user = useSessionUser();
  const imports = Boolean(user && RECON_WRITE_ROLES.includes(user.operatorType));
  const { reload } = screen;
  // An import that ends with a run changes the days listed.
  const onImported = useCallback(() => reload(), [reload]);
  return (
    <>
      <PageHeader
        title={t(TITLES[group])}
        actions={
          <Flex gap="2" wrap="wrap">
            <ImportStatementButton group={group} onImported={onImported} />
            {imports && (
              <Button asChild size="sm" variant="outline">
                <Link href={`/history/${group}Check/imports`}>{t('statementImports.listTitle')}</Link>
              </Button>
            )}
            <ExportButtons paths={exportCallsOf(list.exports)} query={screen.filters} />
          </Flex>
        }
      />
      <ListBody
        list={list}
        screen={screen}
        tableKey="reconciliation.list.table"
        cells={cells}
        rowKey={(r) => r.runId}
      />
    </>
  );
}
