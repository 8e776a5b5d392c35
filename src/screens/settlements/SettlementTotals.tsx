import { Box, Card, Flex, Text } from '@chakra-ui/react';
import { PAYOUT_STATES, STATUS_FILTER_CODES, type SettlementKind } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { moneyIn } from '../../components/money';
import { settlementTotals } from '../../services/settlements';

/**
 * What the list's filters select, per currency, across all its pages: how many settlements,
 * Σ transfer amount, of it what is not remitted, in a payout batch awaiting transfer and remitted
 * (count and amount each: the server's, in the list's scope), and Σ carried forward. Read again when
 * the filters change or `version` moves (after a payout). `filters` is null while the list refuses
 * them (a period over its limit): nothing is asked then, and the card is not shown.
 */
export function SettlementTotals({
  kind,
  filters,
  version,
}: {
  kind: SettlementKind;
  filters: Record<string, string> | null;
  version: number;
}) {
  const t = useT();
  const money = moneyIn(t);
  const key = JSON.stringify(filters);
  const load = useLoad(
    () => (filters ? settlementTotals(kind, filters) : Promise.resolve([])),
    [kind, key, version],
  );
  const totals = load.data ?? [];
  if (!filters || load.status === 'failed' || totals.length === 0) return null;
  return (
    <Card.Root size="sm" mb="4" aria-label={t('settlements.list.totals')} role="region">
      <Card.Body>
        <Text fontSize="xs" color="fg.muted" mb="2">
          {t('settlements.list.totals')}
        </Text>
        <Flex gap="6" wrap="wrap">
          {totals.map((row) => (
            <Box
              key={row.currency}
              flex="1 1 12rem"
              maxW={{ base: 'full', md: '20rem' }}
              data-currency={row.currency}
            >
              <Text fontWeight="semibold">
                {row.currency} · {t('settlements.list.totalsCount', { count: row.count })}
              </Text>
              <Flex gap="2" fontSize="sm" justify="space-between">
                <Text color="fg.muted">
                  {kind === 'brand' ? t('settlements.brandNet') : t('settlements.transferAmount')}
                </Text>
                <Text fontVariantNumeric="tabular-nums">{money(row.transferAmount, row.currency)}</Text>
              </Flex>
              {kind !== 'brand' &&
                PAYOUT_STATES.map((state) => (
                  <Flex key={state} gap="2" fontSize="sm" justify="space-between" data-state={state}>
                    <Text color="fg.muted">{t(`settlements.statuses.${STATUS_FILTER_CODES[state]}`)}</Text>
                    <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                      {t('settlements.list.stateValue', {
                        count: row.payouts[state].count,
                        amount: money(row.payouts[state].amount, row.currency),
                      })}
                    </Text>
                  </Flex>
                ))}
              {kind !== 'brand' && (
                <Flex gap="2" fontSize="sm" justify="space-between">
                  <Text color="fg.muted">{t('settlements.carriedOut')}</Text>
                  <Text fontVariantNumeric="tabular-nums">{money(row.carriedOut, row.currency)}</Text>
                </Flex>
              )}
            </Box>
          ))}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
