import { Alert, Badge, List, Text } from '@chakra-ui/react';
import type { SettlementDetail, SettlementKind } from '../../contract/settlements';
import { useLocale, useT } from '../../app/i18n';
import { FactTable } from '../../components/FactTable';
import { InfoList, type InfoItem } from '../../components/InfoList';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../components/format';
import { textOr, type MessageKey } from '../../i18n/translator';
import { countryOptions } from '../shared/bankForm';
import { brandText } from '../orders/brandText';
import { periodText, SettlementStatusBadge } from './settlementCells';

/** The label of the settlement's party: a company, an agency or a comprehensive agent. */
const PARTY_LABEL: Record<SettlementKind, MessageKey> = {
  merchant: 'fields.companyId',
  agent: 'fields.agentId',
  brand: 'fields.brandAgentId',
};

/** The audit actions of a settlement (server/modules/settlements) as its trail names them. */
const TRAIL_ACTIONS: Record<string, MessageKey> = {
  close: 'settlements.trail.closed',
  checkout: 'settlements.trail.checkedOut',
  remit: 'settlements.trail.remitted',
  reverse: 'settlements.trail.reversed',
  export: 'settlements.detail.statementExported',
};

const BATCH_PALETTE = { checkedOut: 'orange', remitted: 'green', reversed: 'gray' } as const;

/** Codes and numbers: break anywhere rather than overflow on phones. */
const code = (value: string) => (
  <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
    {value}
  </Text>
);

/** Period, due date, currency, how it is paid, its status and its batch. */
export function SettlementSummary({ settlement: s }: { settlement: SettlementDetail }) {
  const t = useT();
  const items: InfoItem[] = [
    { label: t(PARTY_LABEL[s.kind]), value: s.partyName },
    ...(s.kind === 'brand' ? [{ label: t('fields.brand'), value: brandText(t, s.brand) }] : []),
    { label: t('settlements.period'), value: periodText(t, s) },
    { label: t('settlements.dueDate'), value: s.dueDate },
    { label: t('settlements.statement.currency'), value: s.currency },
    { label: t('fields.status'), value: <SettlementStatusBadge status={s.status} /> },
  ];
  if (s.kind !== 'brand') {
    items.push(
      {
        label: t('settlements.transferType'),
        value: s.transferType ? t(`settlements.transferTypes.${s.transferType}`) : '',
      },
      ...(s.kind === 'agent'
        ? [
            {
              label: t('fields.remittanceCostType'),
              value: textOr(t, `org.remittanceCostType.${s.feeBearer}`, s.feeBearer),
            },
          ]
        : []),
      { label: t('settlements.payTime'), value: formatDateTime(s.payTime) },
    );
  }
  if (s.description) items.push({ label: t('settlements.detail.description'), value: s.description });
  if (s.batch) {
    items.push(
      { label: t('payoutBatches.id'), value: `#${s.batch.id}` },
      {
        label: t('payoutBatches.status'),
        value: (
          <Badge colorPalette={BATCH_PALETTE[s.batch.status]} variant="subtle">
            {t(`payoutBatches.statuses.${s.batch.status}`)}
          </Badge>
        ),
      },
      { label: t('fields.transferDate'), value: s.batch.transferDate },
    );
  }
  return (
    <SectionCard title={t('settlements.detail.summary')}>
      <InfoList items={items} />
    </SectionCard>
  );
}

/** The payee and its account as snapshotted at closing (only what is filled), and why it cannot be paid. */
export function SettlementPayee({ settlement: s }: { settlement: SettlementDetail }) {
  const t = useT();
  const locale = useLocale();
  const p = s.payee;
  const country = p.addressCountry
    ? (countryOptions(t, locale).find((o) => o.value === p.addressCountry)?.label ?? p.addressCountry)
    : '';
  const nameCode = (name: string, c: string) =>
    name && c ? t('settlements.statement.nameCode', { name, code: c }) : name || c;
  const items: InfoItem[] = [
    { label: t('fields.name'), value: p.name },
    { label: t('fields.nameEn'), value: p.nameEn },
    { label: t('settlements.statement.bank'), value: nameCode(p.bankName, p.bankCode) },
    { label: t('settlements.statement.branch'), value: nameCode(p.branchName, p.branchCode) },
    {
      label: t('fields.depositType'),
      value: p.depositType
        ? textOr(t, `settlements.statement.depositTypes.${p.depositType}`, String(p.depositType))
        : '',
    },
    { label: t('fields.accountNumber'), value: p.accountNumber && code(p.accountNumber) },
    { label: t('fields.holder'), value: p.holder },
    { label: t('fields.bankAddressCountry'), value: country },
    { label: t('settlements.statement.iban'), value: p.iban && code(p.iban) },
    { label: t('settlements.statement.swift'), value: p.swift && code(p.swift) },
  ].filter((i) => i.value !== '');
  return (
    <SectionCard title={t('settlements.detail.payee')}>
      <InfoList items={items} />
      {s.unpayable.length > 0 && (
        <Alert.Root status="warning" size="sm" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('settlements.detail.unpayableTitle')}</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {s.unpayable.map((u) => (
                  <List.Item key={u.reason}>
                    {t(`settlements.unpayable.${u.reason}`, { chars: (u.chars ?? []).join(' ') })}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </SectionCard>
  );
}

/** Who did what to the settlement: closed, checked out, remitted, reversed. */
export function SettlementTrail({ settlement: s }: { settlement: SettlementDetail }) {
  const t = useT();
  return (
    <SectionCard title={t('settlements.detail.trail')}>
      <FactTable
        label={t('settlements.detail.trail')}
        rows={s.trail}
        rowKey={(e, i) => `${e.at}:${i}`}
        empty={t('settlements.detail.noTrail')}
        columns={[
          {
            header: t('settlements.detail.trailTime'),
            cell: (e) => formatDateTime(e.at),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: t('settlements.detail.trailAction'),
            cell: (e) => (Object.hasOwn(TRAIL_ACTIONS, e.action) ? t(TRAIL_ACTIONS[e.action]) : e.action),
            style: { whiteSpace: 'nowrap' },
          },
          {
            header: t('settlements.detail.trailOperator'),
            cell: (e) => e.operator ?? t('settlements.detail.system'),
          },
          { header: t('settlements.detail.trailDetail'), cell: (e) => e.detail, style: { minW: '10rem' } },
        ]}
      />
    </SectionCard>
  );
}
