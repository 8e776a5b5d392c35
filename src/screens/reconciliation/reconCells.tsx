import { Badge, Box, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import {
  AUDIT_CODES,
  RECON_CHECK_ROUTES,
  RECON_GROUP_BRANDS,
  RECON_GROUPS,
  type AuditCode,
  type DayState,
  type ReconDayCounts,
  type ReconDayRow,
  type ReconGroup,
  type ReconResolution,
  type RunStatus,
} from '../../contract/reconciliation';
import type { RECON_LISTS } from '../../contract/lists/reconciliation';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';
import { moneyIn } from '../../components/money';
import { textOr, type Translate } from '../../i18n/translator';
import type { Cells } from '../../lists/columns';
import { brandText } from '../orders/brandText';

/** A brand-day's page below its group's check page: /history/walletCheck/wechat/2026-11-02. */
export const dayHref = (group: ReconGroup, brand: string, day: string) =>
  `${RECON_CHECK_ROUTES[group]}/${brand}/${day}`;

/** The group whose check page shows a brand's days (none for the card acquirer). */
export const groupOfBrand = (brand: string): ReconGroup | null =>
  RECON_GROUPS.find((g) => (RECON_GROUP_BRANDS[g] as readonly string[]).includes(brand)) ?? null;

const CODE_PALETTE: Record<AuditCode, string> = {
  1: 'green',
  100: 'red',
  200: 'purple',
  300: 'orange',
  400: 'red',
  500: 'yellow',
  600: 'red',
};

/** An audit result code with its label (orders.auditResults); held when null. */
export function CodeBadge({ code }: { code: AuditCode | null }) {
  const t = useT();
  return (
    <Badge colorPalette={code === null ? 'gray' : CODE_PALETTE[code]} variant="subtle" whiteSpace="normal">
      {code === null
        ? t('reconciliation.held')
        : `${code} ${textOr(t, `orders.auditResults.${code}`, String(code))}`}
    </Badge>
  );
}

/** Matched (green) or the file refused (red): a file of a run. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  const t = useT();
  return (
    <Badge colorPalette={status === 'matched' ? 'green' : 'red'} variant="subtle" whiteSpace="nowrap">
      {t(`reconciliation.runStatuses.${status}`)}
    </Badge>
  );
}

const STATE_PALETTE: Record<DayState, string> = {
  matched: 'green',
  resolved: 'teal',
  waiting: 'orange',
  differences: 'red',
  refused: 'red',
};

/** A day's (or a run's) state as the server decided it: matched only when nothing differs or waits. */
export function DayStateBadge({ state }: { state: DayState }) {
  const t = useT();
  return (
    <Badge
      colorPalette={STATE_PALETTE[state]}
      variant={state === 'differences' || state === 'refused' ? 'solid' : 'subtle'}
      whiteSpace="nowrap"
    >
      {t(`reconciliation.dayStates.${state}`)}
    </Badge>
  );
}

/**
 * What a day's state rests on, under its badge: a refused file's line and reason, or until when
 * the held ones wait (then the day's next match makes them 300).
 */
export function StateDetail({
  r,
}: {
  r: Pick<ReconDayRow, 'state' | 'holdingUntil' | 'refusalLine' | 'refusalReason' | 'refusalDetail'>;
}) {
  const t = useT();
  const text =
    r.state === 'refused'
      ? refusalText(t, r)
      : r.state === 'waiting'
        ? t('reconciliation.waitingUntil', { at: formatDateTime(r.holdingUntil) })
        : '';
  if (!text) return null;
  return (
    <Text fontSize="xs" color="fg.muted" mt="1">
      {text}
    </Text>
  );
}

/** A refused file's line and reason in the reader's language ("line 12: …"; line 0: the whole file), then its detail. */
export const refusalText = (
  t: Translate,
  r: { refusalLine: number | null; refusalReason: string | null; refusalDetail: string | null },
) => {
  if (r.refusalLine === null) return '';
  const reason = [
    r.refusalReason && textOr(t, `reconciliation.imports.reasons.${r.refusalReason}`, r.refusalReason),
    r.refusalDetail,
  ]
    .filter(Boolean)
    .join(' — ');
  return r.refusalLine === 0
    ? t('reconciliation.refusalFile', { reason })
    : t('reconciliation.refusal', { line: r.refusalLine, reason });
};

/** The non-zero counts per code (and held) as small badges; "no exceptions" when all matched. */
export function CountBadges({ counts }: { counts: ReconDayCounts['counts'] }) {
  const t = useT();
  const shown = AUDIT_CODES.filter((c) => counts[`${c}`] > 0);
  return (
    <Flex gap="1" wrap="wrap">
      {shown.map((c) => (
        <Badge key={c} colorPalette={CODE_PALETTE[c]} variant="outline" whiteSpace="nowrap">
          {textOr(t, `orders.auditResults.${c}`, String(c))} {counts[`${c}`]}
        </Badge>
      ))}
      {counts.held > 0 && (
        <Badge colorPalette="gray" variant="outline" whiteSpace="nowrap">
          {t('reconciliation.held')} {counts.held}
        </Badge>
      )}
    </Flex>
  );
}

type Key = (typeof RECON_LISTS)['wallet']['columns'][number]['key'];

/** What the days list's columns show; the day opens the brand-day's page. */
export const dayCells =
  (group: ReconGroup) =>
  (t: Translate): Cells<Key, ReconDayRow> => {
    const money = moneyIn(t);
    return {
      businessDay: (r) => (
        <ChakraLink asChild color="blue.700" fontWeight="medium" whiteSpace="nowrap">
          <Link
            href={dayHref(group, r.brand, r.businessDay)}
            aria-label={t('reconciliation.list.openDay', {
              day: r.businessDay,
              brand: brandText(t, r.brand),
            })}
          >
            {r.businessDay}
          </Link>
        </ChakraLink>
      ),
      brand: (r) => brandText(t, r.brand),
      status: (r) => (
        <Box>
          <DayStateBadge state={r.state} />
          <StateDetail r={r} />
        </Box>
      ),
      open: (r) =>
        r.open > 0 ? (
          <Badge colorPalette="red" variant="solid">
            {r.open}
          </Badge>
        ) : (
          <Text as="span" color="fg.muted" fontSize="sm">
            0
          </Text>
        ),
      counts: (r) => <CountBadges counts={r.counts} />,
      totals: (r) => (
        <Box>
          {r.totals.map((x) => (
            <Text key={x.currency} fontSize="sm" color={x.ours === x.statement ? undefined : 'red.600'}>
              {money(x.ours, x.currency)} / {money(x.statement, x.currency)}
            </Text>
          ))}
        </Box>
      ),
      source: (r) => t(`reconciliation.sources.${r.source}`),
      fileName: (r) => r.fileName,
      finishedAt: (r) => formatDateTime(r.finishedAt),
    };
  };

/** How an exception was resolved: the decision, the comment, who and when. */
export function ResolutionText({ resolution: r }: { resolution: ReconResolution }) {
  const t = useT();
  return (
    <Stack gap="1" fontSize="sm" minW="0">
      <Flex gap="2" align="center" wrap="wrap">
        <Badge colorPalette="green" variant="subtle">
          {t('reconciliation.day.resolved')}
        </Badge>
        <Text fontWeight="medium">{t(`reconciliation.resolutions.${r.decision}`)}</Text>
      </Flex>
      <Text wordBreak="break-word">{r.comment}</Text>
      <Text color="fg.muted" fontSize="xs">
        {t('reconciliation.day.resolvedBy', { name: r.by, at: formatDateTime(r.at) })}
      </Text>
    </Stack>
  );
}
