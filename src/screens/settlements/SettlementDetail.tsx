import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import type { SettlementKind } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { orNotFound, useLoad } from '../../app/useLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { SectionColumns } from '../../components/SectionCard';
import { TopProgress } from '../../components/TopProgress';
import { getSettlement, saveSettlementLines, saveStatement } from '../../services/settlements';
import NotFound from '../errors/NotFound';
import { SettlementPayee, SettlementSummary, SettlementTrail } from './SettlementFacts';
import { SettlementLines } from './SettlementLines';
import { SettlementStatement } from './SettlementStatement';
import { SettlementPayout } from '../payouts/SettlementPayout';

/**
 * A settlement's page (/settle/actuarial/<id>, /settle/agent/<id>, /settle/brand/<id>): the
 * statement's arithmetic line by line, the period and its batch, the payee as snapshotted and
 * why it cannot be paid, the orders and refunds it holds, and its trail. A merchant's statement
 * PDF and the lines' file are downloads. Another tenant's settlement is simply not found.
 */
export function SettlementDetail({ kind, param }: { kind: SettlementKind; param: string }) {
  const t = useT();
  const id = Number(param);
  const load = useLoad(() => orNotFound(getSettlement(kind, id)), [kind, id]);
  const [busy, setBusy] = useState<'pdf' | 'lines' | null>(null);

  if (load.data === 'notFound') return <NotFound inShell />;
  if (load.status === 'failed') return <LoadFailed message={load.error} onRetry={load.reload} />;
  const s = load.data;
  if (!s) return <TopProgress />;

  // A refusal is the client's error toast; the button only waits for the file.
  const download = (what: 'pdf' | 'lines', save: () => Promise<void>) => {
    setBusy(what);
    save()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  return (
    <>
      <PageHeader
        title={t('settlements.detail.title')}
        // Its state is said once, in the summary beside the statement.
        description={`${s.settlementNo} · ${s.partyName}`}
        actions={
          <>
            {kind === 'merchant' && (
              <Button
                size="sm"
                variant="outline"
                loading={busy === 'pdf'}
                onClick={() => download('pdf', () => saveStatement(s.id))}
              >
                {t('settlements.detail.downloadPdf')}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'lines'}
              onClick={() => download('lines', () => saveSettlementLines(kind, s.id, 'xlsx'))}
            >
              {t('settlements.detail.exportLines')}
            </Button>
          </>
        }
      />
      <Stack gap="4">
        <SectionColumns>
          <SettlementStatement settlement={s} />
          <Stack gap="4" minW="0">
            <SettlementSummary settlement={s} />
            {kind !== 'brand' && <SettlementPayee settlement={s} />}
            {kind === 'brand' && <SettlementPayout id={s.id} />}
          </Stack>
        </SectionColumns>
        <SettlementLines settlement={s} />
        <SettlementTrail settlement={s} />
      </Stack>
    </>
  );
}

/** The sub screens' components (src/app/screens.ts), one per kind. */
export const MerchantSettlementDetail = ({ param }: { param: string }) => (
  <SettlementDetail kind="merchant" param={param} />
);
export const AgentSettlementDetail = ({ param }: { param: string }) => (
  <SettlementDetail kind="agent" param={param} />
);
export const BrandSettlementDetail = ({ param }: { param: string }) => (
  <SettlementDetail kind="brand" param={param} />
);
