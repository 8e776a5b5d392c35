import { LIMITS, type yup } from '../validation';
import { optionalId } from '../fields';
import { defineList, pageQueryOf } from './define';
import { brandFilter, externalFilter, idOptionsFilter, statusFilter, textFilter } from './filters';
import { actionsColumn, countColumn, idColumn, nameColumn, phoneColumn, statusAndCreated } from './columns';

/** The organisation lists (/setup/mechanism, /setup/branch, /setup/agent, /setup/company, /setup/brandAgent). */

const nameFilter = () => textFilter('fields.name', LIMITS.orgName);

/** The English name, where an organisation has one. */
const nameEnColumn = () =>
  ({ key: 'nameEn', headerKey: 'fields.nameEn', priority: 3, width: { min: '8rem' } }) as const;

/** The service provider an agency or a company belongs to. */
const providerColumn = <S extends string | undefined>(sortField: S) =>
  ({
    key: 'serviceProviderName',
    headerKey: 'fields.serviceProviderId',
    ...(sortField ? { sortField } : {}),
    priority: 2,
    width: { min: '10rem' },
  }) as const;

/** Service providers: name and status; created and edited in a dialog. */
export const PROVIDER_LIST = defineList({
  path: '/org/serviceProvider/page',
  route: '/setup/mechanism',
  filters: { name: nameFilter(), status: statusFilter() },
  sortFields: ['id', 'name', 'createdAt', 'status'],
  scope: 'tenant',
  columns: [
    idColumn(),
    nameColumn('12rem'),
    { key: 'contactName', headerKey: 'fields.contactName', priority: 3, width: { min: '8rem' } },
    phoneColumn(),
    { key: 'contactEmail', headerKey: 'fields.contactEmail', priority: 3, width: {} },
    countColumn('companyCount', 'org.companyCount'),
    countColumn('agentCount', 'org.agentCount'),
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const ProviderPageQuery = pageQueryOf(PROVIDER_LIST);
export type ProviderPageQuery = yup.InferType<typeof ProviderPageQuery>;

/** Branches: the company comes from the branch tree beside the list, not from the bar. */
export const BRANCH_LIST = defineList({
  path: '/org/branchUnit/page',
  route: '/setup/branch',
  filters: { companyId: externalFilter(optionalId()), name: nameFilter(), status: statusFilter() },
  sortFields: ['id', 'name', 'companyName', 'createdAt', 'status'],
  scope: 'tenant',
  columns: [
    idColumn(),
    nameColumn('9rem'),
    { key: 'code', headerKey: 'fields.code', priority: 2, width: { nowrap: true } },
    {
      key: 'companyName',
      headerKey: 'fields.companyId',
      sortField: 'companyName',
      priority: 2,
      width: { min: '10rem' },
    },
    phoneColumn(),
    { key: 'contactName', headerKey: 'fields.contactName', priority: 3, width: { min: '7rem' } },
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const BranchPageQuery = pageQueryOf(BRANCH_LIST);
export type BranchPageQuery = yup.InferType<typeof BranchPageQuery>;

/** Agencies: the service provider filter only for the platform's own roles. */
export const AGENCY_LIST = defineList({
  path: '/org/agent/page',
  route: '/setup/agent',
  filters: {
    name: nameFilter(),
    serviceProviderId: idOptionsFilter('fields.serviceProviderId', ['system']),
    status: statusFilter(),
  },
  sortFields: ['id', 'agentNo', 'name', 'createdAt', 'status'],
  scope: 'tenant',
  columns: [
    {
      key: 'agentNo',
      headerKey: 'fields.agentNo',
      sortField: 'agentNo',
      priority: 2,
      width: { nowrap: true },
    },
    nameColumn('12rem'),
    nameEnColumn(),
    providerColumn(undefined),
    phoneColumn(),
    { key: 'settlementPeriod', headerKey: 'fields.settlementPeriod', priority: 3, width: { nowrap: true } },
    countColumn('companyCount', 'org.companyCount'),
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const AgentPageQuery = pageQueryOf(AGENCY_LIST);
export type AgentPageQuery = yup.InferType<typeof AgentPageQuery>;

/** Companies: the provider filter for the platform's roles, the agency filter for all but agencies. */
export const COMPANY_LIST = defineList({
  path: '/org/company/page',
  route: '/setup/company',
  filters: {
    name: nameFilter(),
    serviceProviderId: idOptionsFilter('fields.serviceProviderId', ['system']),
    agentId: idOptionsFilter('fields.agentId', ['system', 'serviceProvider', 'company']),
    status: statusFilter(),
  },
  sortFields: ['id', 'name', 'serviceProviderName', 'createdAt', 'status'],
  scope: 'tenant',
  columns: [
    idColumn(),
    nameColumn('12rem'),
    nameEnColumn(),
    providerColumn('serviceProviderName'),
    { key: 'agentName', headerKey: 'fields.agentId', priority: 3, width: { min: '10rem' } },
    { key: 'mid', headerKey: 'fields.mid', priority: 3, width: { nowrap: true } },
    countColumn('branchCount', 'org.branchCount'),
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const CompanyPageQuery = pageQueryOf(COMPANY_LIST);
export type CompanyPageQuery = yup.InferType<typeof CompanyPageQuery>;

/** Comprehensive agents: the system admin's; filtered by a brand they serve. */
export const BRAND_AGENT_LIST = defineList({
  path: '/org/brandAgent/page',
  route: '/setup/brandAgent',
  filters: { name: nameFilter(), brand: brandFilter(), status: statusFilter() },
  sortFields: ['id', 'name', 'createdAt', 'status'],
  scope: 'tenant',
  columns: [
    idColumn(),
    nameColumn('12rem'),
    nameEnColumn(),
    { key: 'brands', headerKey: 'fields.brands', priority: 1, width: { min: '12rem' } },
    { key: 'contactName', headerKey: 'fields.contactName', priority: 3, width: { min: '8rem' } },
    phoneColumn(),
    { key: 'statementPeriod', headerKey: 'fields.statementPeriod', priority: 3, width: { nowrap: true } },
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const BrandAgentPageQuery = pageQueryOf(BRAND_AGENT_LIST);
export type BrandAgentPageQuery = yup.InferType<typeof BrandAgentPageQuery>;
