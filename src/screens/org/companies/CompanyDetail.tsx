import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { getCompany } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { orNotFound, useLoad } from '../../../app/useLoad';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { useSessionMenu } from '../../../app/session';
import { recordGate } from '../../shared/RecordPage';
import { useAgentOptions, useProviderOptions } from '../../shared/useOrgOptions';
import { BrandConnectors } from './BrandConnectors';
import { RefundApprovalThreshold } from './RefundApprovalThreshold';
import { CompanyEditor } from './CompanyEditor';

/** /setup/company/new and /setup/company/:id: the company's long form (another tenant's id: not found). */
export default function CompanyDetail({ param }: { param: string }) {
  const t = useT();
  const id = param === 'new' ? null : Number(param);
  const menu = useSessionMenu();
  // Another tenant's id (or none at all) is simply not there: the not-found page, no retry.
  const company = useLoad(() => (id === null ? Promise.resolve(null) : orNotFound(getCompany(id))), [id]);
  const providers = useProviderOptions();
  const agents = useAgentOptions();

  // The pickers' options first, so the selects show the stored choice.
  const gate = recordGate(
    t('org.company.editTitle'),
    company,
    [providers, agents],
    (company.status === 'loading' && id !== null) || !providers.data || !agents.data,
  );
  if (gate || company.data === 'notFound' || !providers.data || !agents.data) return gate;
  const detail = company.data;
  return (
    <>
      <PageHeader
        title={detail ? detail.name : t('org.company.newTitle')}
        description={detail ? <StatusBadge status={detail.status} /> : undefined}
        actions={
          <>
            {detail && menu.includes('/setup/commissonRate') && (
              <Button size="sm" variant="outline" asChild>
                <Link href={`/setup/commissonRate?companyId=${detail.id}`}>{t('org.company.rates')}</Link>
              </Button>
            )}
            <Button size="sm" variant="ghost" asChild>
              <Link href="/setup/company">{t('common.back')}</Link>
            </Button>
          </>
        }
      />
      <CompanyEditor
        key={detail?.updatedAt ?? 'new'}
        detail={detail}
        providers={providers.data}
        agents={agents.data}
        onReload={company.reload}
      />
      {detail && <RefundApprovalThreshold companyId={detail.id} />}
      {detail && <BrandConnectors companyId={detail.id} />}
    </>
  );
}
