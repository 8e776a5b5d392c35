import { useMemo } from 'react';
import { Badge, Link as ChakraLink, Wrap } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import type { BrandAgentRow } from '../../../contract/org';
import { BRAND_AGENT_LIST } from '../../../contract/lists/org';
import { pageBrandAgents, setOrgStatus } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { PageHeader } from '../../../components/PageHeader';
import type { Cells } from '../../../lists/columns';
import { ListBody, type ColumnKey } from '../../../lists/ListBody';
import { useListOf } from '../../../lists/useListScreen';
import { CreateButton } from '../../shared/CreateButton';
import { statusAndCreatedCells } from '../../shared/columns';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { RowActions } from '../../shared/RowActions';
import { useStatusToggle } from '../../shared/useStatusToggle';
import { statementPeriodText } from './brandAgentForm';

/** /setup/brandAgent: the comprehensive agents with the brands they serve; a row opens its page. */
export default function BrandAgents() {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const screen = useListOf<BrandAgentRow>(BRAND_AGENT_LIST, pageBrandAgents);
  const toggle = useStatusToggle({
    change: (id, lock) => setOrgStatus('brandAgent', id, lock),
    lockNote: t('org.lock.noteBrandAgent'),
    onDone: screen.reload,
  });

  const cells = useMemo(
    () => (): Cells<ColumnKey<typeof BRAND_AGENT_LIST>, BrandAgentRow> => ({
      id: (r) => r.id,
      name: (r) => (
        <ChakraLink asChild fontWeight="medium" color="blue.700">
          <Link href={`/setup/brandAgent/${r.id}`}>{r.name}</Link>
        </ChakraLink>
      ),
      nameEn: (r) => r.nameEn || '—',
      brands: (r) =>
        r.brands.length === 0 ? (
          t('org.brandAgent.noBrands')
        ) : (
          <Wrap gap="1">
            {r.brands.map((b) => (
              <Badge key={b.brand} variant="subtle" colorPalette="blue" whiteSpace="nowrap">
                {t(`orders.brands.${b.brand}`)} {b.feeRate}%
              </Badge>
            ))}
          </Wrap>
        ),
      contactName: (r) => r.contactName || '—',
      phone: (r) => r.phone || '—',
      statementPeriod: (r) => statementPeriodText(t, r),
      ...statusAndCreatedCells<BrandAgentRow>(),
      actions: (r) => (
        <RowActions
          name={r.name}
          status={r.status}
          onEdit={can(user, 'editBrandAgent') ? () => navigate(`/setup/brandAgent/${r.id}`) : undefined}
          onToggle={can(user, 'editBrandAgent') ? () => toggle.ask(r) : undefined}
        />
      ),
    }),
    [t, user, toggle, navigate],
  );

  return (
    <>
      <PageHeader
        title={t('menu.brandAgents')}
        actions={can(user, 'editBrandAgent') && <CreateButton href="/setup/brandAgent/new" />}
      />
      <ListBody list={BRAND_AGENT_LIST} screen={screen} tableKey="org.brandAgent.table" cells={cells} />
      {toggle.dialog}
    </>
  );
}
