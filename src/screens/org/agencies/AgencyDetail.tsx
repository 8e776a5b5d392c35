import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLocation } from 'wouter';
import { AgentSaveInput, type AgentDetail, type OrgOption } from '../../../contract/org';
import { getAgent, saveAgent } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { orNotFound, useLoad } from '../../../app/useLoad';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { useRoleLevel } from '../../shared/permissions';
import { RecordForm, recordGate, useRecordSave } from '../../shared/RecordPage';
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
  const agent = useLoad(() => (id === null ? Promise.resolve(null) : orNotFound(getAgent(id))), [id]);
  const providers = useProviderOptions();
  // The pickers' options first, so the selects show the stored choice.
  const gate = recordGate(
    t('org.agency.editTitle'),
    agent,
    [providers],
    (agent.status === 'loading' && id !== null) || !providers.data,
  );
  if (gate || agent.data === 'notFound' || !providers.data) return gate;
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
  const user = useSessionUser();
  const level = useRoleLevel();
  const form = useForm<AgencyForm>({
    resolver: yupResolver(AgentSaveInput),
    defaultValues: detail ? formOf(detail) : EMPTY_AGENCY,
  });
  const { getValues, setValue } = form;
  const readOnly = !can(user, 'editAgent');
  // A provider's staff places agencies in its own provider: the one option is the default.
  useEffect(() => {
    const only = providers.length === 1 ? providers[0].id : null;
    if (!detail && only && !getValues('serviceProviderId')) setValue('serviceProviderId', only);
  }, [detail, providers, getValues, setValue]);

  const { submit, failure } = useRecordSave(form, {
    save: saveAgent,
    isNew: !detail,
    listHref: '/setup/agent',
    onReload,
  });

  return (
    <RecordForm
      form={form}
      title={detail ? detail.name : t('org.agency.newTitle')}
      status={detail?.status}
      listHref="/setup/agent"
      failure={failure}
      readOnly={readOnly}
      onSubmit={submit}
      onCancel={() => navigate('/setup/agent')}
    >
      <AgencyBasics providers={providers} fixedProvider={level === 'serviceProvider'} />
      <AgencyRepresentative />
      <AgencyContact />
      <AgencyBank />
      <AgencySettlement />
    </RecordForm>
  );
}
