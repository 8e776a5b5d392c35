import type { Status } from './fields';

export const APP_TYPES = ['android', 'ios', 'pos', 'windows'] as const;
export type AppType = (typeof APP_TYPES)[number];

/* The page call's input: TerminalPageQuery in lists/terminals.ts (built from the list's definition). */

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
