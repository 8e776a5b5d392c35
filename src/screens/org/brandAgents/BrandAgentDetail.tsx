import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLocation } from 'wouter';
import type { BrandAgentDetail as Detail, BrandAgentOption } from '../../../contract/org';
import { getBrandAgent, listBrandAgents, saveBrandAgent } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { orNotFound, useLoad } from '../../../app/useLoad';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { gridPath } from '../../shared/rateGrid';
import { RecordForm, recordGate, useRecordSave } from '../../shared/RecordPage';
import {
  BrandAgentBank,
  BrandAgentBasics,
  BrandAgentBrands,
  BrandAgentStatement,
} from './BrandAgentSections';
import { BrandAgentForm, EMPTY_BRAND_AGENT, formOf, servedRows } from './brandAgentForm';

/** /setup/brandAgent/new and /setup/brandAgent/:id: every field of a comprehensive agent, in sections. */
export default function BrandAgentDetail({ param }: { param: string }) {
  const t = useT();
  const id = param === 'new' ? null : Number(param);
  const agent = useLoad(() => (id === null ? Promise.resolve(null) : orNotFound(getBrandAgent(id))), [id]);
  // Who serves which brand, to say so beside the brands another agent has.
  const agents = useLoad(listBrandAgents, []);
  const gate = recordGate(
    t('org.brandAgent.editTitle'),
    agent,
    [agents],
    (agent.status === 'loading' && id !== null) || !agents.data,
  );
  if (gate || agent.data === 'notFound' || !agents.data) return gate;
  return (
    <BrandAgentEditor
      key={agent.data?.updatedAt ?? 'new'}
      detail={agent.data}
      agents={agents.data}
      onReload={() => {
        agent.reload();
        agents.reload();
      }}
    />
  );
}

function BrandAgentEditor({
  detail,
  agents,
  onReload,
}: {
  detail: Detail | null;
  agents: readonly BrandAgentOption[];
  onReload: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const form = useForm<BrandAgentForm>({
    resolver: yupResolver(BrandAgentForm),
    defaultValues: detail ? formOf(detail) : EMPTY_BRAND_AGENT,
  });

  const { submit, failure } = useRecordSave(form, {
    save: (values) => saveBrandAgent({ ...values, brands: servedRows(values).map(({ r }) => r) }),
    isNew: !detail,
    listHref: '/setup/brandAgent',
    onReload,
    // A brand's refusal (another agent serves it) shows at, and focuses, its fee rate.
    pathOf: (values) => (field) =>
      gridPath({ brands: servedRows(values) })(field).replace(/\.brand$/, '.feeRate'),
  });

  return (
    <RecordForm
      form={form}
      title={detail ? detail.name : t('org.brandAgent.newTitle')}
      status={detail?.status}
      listHref="/setup/brandAgent"
      failure={failure}
      readOnly={!can(user, 'editBrandAgent')}
      onSubmit={submit}
      onCancel={() => navigate('/setup/brandAgent')}
    >
      <BrandAgentBasics />
      <BrandAgentBrands agentId={detail?.id ?? null} agents={agents} history={detail?.feeHistory ?? null} />
      <BrandAgentStatement />
      <BrandAgentBank />
    </RecordForm>
  );
}
