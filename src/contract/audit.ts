export const AUDIT_ACTIONS = [
  'create',
  'update',
  'lock',
  'unlock',
  'delete',
  'passwordReset',
  'mfaEnrol',
  'mfaDisable',
  'mfaReset',
  'denied',
  /** Tenant data downloaded (exports; the filter in `after`). */
  'export',
  /** Maker-checker: a refund awaiting approval approved or rejected (expired: rejected by the system). */
  'approve',
  'reject',
  /** Settlements: a period closed, a payout batch made, remitted or reversed. */
  'close',
  'checkout',
  'remit',
  'reverse',
  /** Reconciliation: a brand's statement for a day matched (or refused), a run. */
  'reconcile',
  /** Reconciliation: an exception resolved with a decision and a comment. */
  'resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OBJECT_TYPES = [
  'serviceProvider',
  'company',
  'branchUnit',
  'agent',
  'operator',
  'terminal',
  'commissionRate',
  'rolePermission',
  'order',
  'refund',
  'payLink',
  'preOrder',
  'brandSetting',
  /** A company's refund approval threshold. */
  'refundApproval',
  'call',
  'export',
  'settlement',
  'settlementBatch',
  'brandAgent',
  'settlementSettings',
  'reconciliationRun',
  'reconciliationResult',
  /** A brand statement's import (an upload or a fetch), docs/reconciliation.md "Import". */
  'statementImport',
  /** A brand's payout: its payment statement stored, its deposit matched (docs/reconciliation.md "Payouts"). */
  'brandPayout',
  /** A file of the platform's bank deposits imported. */
  'bankDepositImport',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
export const AUDIT_RESULTS = ['success', 'noAccess', 'notFound'] as const;

/* The page call's input: AuditPageQuery in lists/audit.ts (built from the list's definition). */

export interface AuditRow {
  id: number;
  createdAt: string;
  operatorId: number | null;
  loginId: string;
  callPath: string;
  objectType: string;
  objectId: string;
  action: AuditAction;
  /** Snapshots with secrets masked. */
  before: unknown;
  after: unknown;
  ip: string;
  result: (typeof AUDIT_RESULTS)[number];
}
