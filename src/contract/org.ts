import { yup, LIMITS } from './validation';
import { email, id, optionalId, phone, requiredText, text, type Status } from './fields';

export * from './orgCompany';
export * from './orgAgent';
export * from './orgBank';
export * from './orgBrandAgent';

/** A row of a picker list (`…/list`): every organisation in the caller's scope. */
export interface OrgOption {
  id: number;
  name: string;
  status: Status;
  /** The provider a company or agency belongs to; a company's agency. */
  serviceProviderId?: number;
  agentId?: number | null;
}

/* Service providers (/setup/mechanism) */

export { ProviderPageQuery, BranchPageQuery } from './lists/org';

export const ProviderSaveInput = yup
  .object({
    id: optionalId(),
    name: requiredText(LIMITS.orgName),
    contactName: text(LIMITS.name),
    contactEmail: email(),
    phone: phone(),
    address: text(255),
    remark: text(LIMITS.remark),
  })
  .noUnknown();
export type ProviderSaveInput = yup.InferType<typeof ProviderSaveInput>;

export interface ProviderRow {
  id: number;
  name: string;
  contactName: string;
  contactEmail: string;
  phone: string;
  address: string;
  remark: string;
  status: Status;
  agentCount: number;
  companyCount: number;
  createdAt: string;
  updatedAt: string;
}

/* Branches (/setup/branch) */

export const BranchSaveInput = yup
  .object({
    id: optionalId(),
    companyId: id().required(),
    name: requiredText(LIMITS.orgName),
    code: text(20).matches(/^[A-Za-z0-9-]*$/),
    address: text(255),
    phone: phone(),
    contactName: text(LIMITS.name),
    remark: text(LIMITS.remark),
  })
  .noUnknown();
export type BranchSaveInput = yup.InferType<typeof BranchSaveInput>;

export interface BranchRow {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  code: string;
  address: string;
  phone: string;
  contactName: string;
  remark: string;
  status: Status;
  createdAt: string;
  updatedAt: string;
}

/** /org/branchUnit/tree: companies in scope, each with its branches in scope. */
export interface BranchTreeNode {
  id: number;
  name: string;
  status: Status;
  branches: { id: number; name: string; status: Status }[];
}

/** /org/serviceProvider/list, /org/agent/list: optional narrowing for pickers. */
export const OrgListQuery = yup.object({ serviceProviderId: optionalId() }).noUnknown();
export type OrgListQuery = yup.InferType<typeof OrgListQuery>;
