import { useEffect, useState } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { FormProvider, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Link, useLocation } from 'wouter';
import { AgentSaveInput, type AgentDetail, type OrgOption } from '../../../contract/org';
import { getAgent, saveAgent } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { orNotFound, useLoad } from '../../../app/useLoad';
import NotFound from '../../errors/NotFound';
import { showSuccess } from '../../../app/toaster';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { TopProgress } from '../../../components/TopProgress';
import { FormActions } from '../../shared/FormActions';
import { showServerErrors } from '../../shared/forms';
import { useOrgRights } from '../../shared/permissions';
import { useProviderOptions } from '../../shared/useOrgOptions';
import {
  AgencyBank,
  AgencyBasics,
  AgencyContact,
  AgencyRepresentative,
  AgencySettlement,
} from './AgencySections';
import { EMPTY_AGENCY, formOf, type AgencyForm } from './agencyForm';

/** /setup/agent/new and /setup/agent/:id: every agency field, in sections. */
export default function AgencyDetail({ param }: { param: string }) {
  const t = useT();
  const id = param === 'new' ? null : Number(param);
  // Another tenant's id (or none at all) is simply not there: the not-found page, no retry.
  const agent = useLoad(() => (id === null ? Promise.resolve(null) : orNotFound(getAgent(id))), [id]);
  const providers = useProviderOptions();
  if (agent.data === 'notFound') return <NotFound inShell />;
  const failed = [agent, providers].find((l) => l.status === 'failed');
  if (failed) {
    return (
      <>
        <PageHeader title={t('org.agency.editTitle')} />
        <LoadFailed message={failed.error} onRetry={failed.reload} />
      </>
    );
  }
  // The pickers' options first, so the selects show the stored choice.
  if ((agent.status === 'loading' && id !== null) || !providers.data) return <TopProgress />;
  return (
    <AgencyEditor
      key={agent.data?.updatedAt ?? 'new'}
      detail={agent.data}
      providers={providers.data}
      onReload={agent.reload}
    />
  );
}

function AgencyEditor({
  detail,
  providers,
  onReload,
}: {
  detail: AgentDetail | null;
  providers: readonly OrgOption[];
  onReload: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const rights = useOrgRights();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AgencyForm>({
    resolver: yupResolver(AgentSaveInput),
    defaultValues: detail ? formOf(detail) : EMPTY_AGENCY,
  });
  const { handleSubmit, setError, formState, getValues, setValue } = form;
  const readOnly = !rights.editAgent;
  // A provider's staff places agencies in its own provider: the one option is the default.
  useEffect(() => {
    const only = providers.length === 1 ? providers[0].id : null;
    if (!detail && only && !getValues('serviceProviderId')) setValue('serviceProviderId', only);
  }, [detail, providers, getValues, setValue]);

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await saveAgent(values);
        showSuccess(t('common.saved'));
        if (detail) onReload();
        else navigate(`/setup/agent/${saved.id}`, { replace: true });
      } catch (e) {
        setFailure(showServerErrors(t, e, setError));
      }
    },
    () => setFailure(t('org.fixErrors')),
  );

  return (
    <>
      <PageHeader
        title={detail ? detail.name : t('org.agency.newTitle')}
        description={detail ? <StatusBadge status={detail.status} /> : undefined}
        actions={
          <Button size="sm" variant="ghost" asChild>
            <Link href="/setup/agent">{t('common.back')}</Link>
          </Button>
        }
      />
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate aria-label={detail?.name ?? t('org.agency.newTitle')}>
          {failure && (
            <Alert.Root status="error" role="alert" mb="4">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="4">
              <AgencyBasics providers={providers} fixedProvider={rights.level === 'serviceProvider'} />
              <AgencyRepresentative />
              <AgencyContact />
              <AgencyBank />
              <AgencySettlement />
            </Stack>
          </fieldset>
          {!readOnly && (
            <FormActions busy={formState.isSubmitting} onCancel={() => navigate('/setup/agent')} />
          )}
        </form>
      </FormProvider>
    </>
  );
}
