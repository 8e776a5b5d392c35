import { Button, Card, Field, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation, useSearch } from 'wouter';
import { getCommission } from '../../../services/commission';
import { useT } from '../../../app/i18n';
import { orNotFound, useLoad } from '../../../app/useLoad';
import NotFound from '../../errors/NotFound';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeader } from '../../../components/PageHeader';
import { TopProgress } from '../../../components/TopProgress';
import { useCompanyOptions } from '../../shared/useOrgOptions';
import { CommissionEditor } from './CommissionEditor';
import { OptionSelect } from '../../../components/OptionSelect';

/** /setup/commissonRate?companyId=…: a company's rates per brand and channel, and its agency's rebates. */
export default function CommissionRates() {
  const t = useT();
  const search = useSearch();
  const [, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('companyId') ?? '';
  const companyId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const config = useLoad(
    () => (companyId === null ? Promise.resolve(null) : orNotFound(getCommission(companyId))),
    [companyId],
  );
  const companies = useCompanyOptions();

  const picker = (
    <Card.Root mb="4">
      <Card.Body p={{ base: '3', md: '4' }}>
        <Field.Root maxW={{ md: 'md' }}>
          <Field.Label fontSize="sm">{t('fields.companyId')}</Field.Label>
          <OptionSelect
            root={{ size: 'sm' }}
            value={companyId ?? ''}
            onChange={(e) =>
              navigate(
                e.target.value ? `/setup/commissonRate?companyId=${e.target.value}` : '/setup/commissonRate',
              )
            }
            placeholder={t('org.choose')}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Field.Root>
      </Card.Body>
    </Card.Root>
  );

  // Another tenant's company id is simply not there.
  if (config.data === 'notFound') return <NotFound inShell />;

  return (
    <>
      <PageHeader
        title={t('menu.commissionRate')}
        description={config.data?.companyName}
        actions={
          companyId !== null && (
            <Button size="sm" variant="ghost" asChild>
              <Link href={`/setup/company/${companyId}`}>{t('org.commission.toCompany')}</Link>
            </Button>
          )
        }
      />
      {picker}
      {companyId === null ? (
        <Stack>
          <Text color="fg.muted">{t('org.commission.pickCompany')}</Text>
        </Stack>
      ) : config.status === 'failed' ? (
        <LoadFailed message={config.error} onRetry={config.reload} />
      ) : config.data ? (
        <CommissionEditor key={`${config.data.companyId}`} config={config.data} onSaved={config.reload} />
      ) : (
        <TopProgress />
      )}
    </>
  );
}
