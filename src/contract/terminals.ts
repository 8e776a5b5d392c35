import { yup } from './validation';
import { pageFields } from './paging';
import { optionalId, statusFilter, text, type Status } from './fields';

export const APP_TYPES = ['android', 'ios', 'pos', 'windows'] as const;
export type AppType = (typeof APP_TYPES)[number];

export const TerminalPageQuery = yup
  .object({
    ...pageFields,
    serial: text(40),
    appType: yup
      .string()
      .oneOf(['', ...APP_TYPES])
      .default(''),
    status: statusFilter(),
    companyId: optionalId(),
    branchUnitId: optionalId(),
  })
  .noUnknown();
export type TerminalPageQuery = yup.InferType<typeof TerminalPageQuery>;

export interface TerminalRow {
  id: number;
  serial: string;
  appType: AppType;
  status: Status;
  companyId: number;
  companyName: string;
  branchUnitId: number | null;
  branchUnitName: string | null;
  createdAt: string;
  updatedAt: string;
}
