/** What the bank files of a payout batch share: how a problem is told and how a file is named. */

/**
 * Why a batch's file cannot be made (or, as a warning, what was changed to make it): the
 * settlement it concerns (`reference`, its settlement number; '' for the batch itself: the
 * requester, the date, the totals), the field and the reason, and for a name the characters the
 * file cannot carry.
 */
export interface FileProblem<Field extends string, Reason extends string> {
  reference: string;
  field: Field;
  reason: Reason;
  chars?: string[];
}

/** The reference of a problem of the batch itself rather than of one of its settlements. */
export const BATCH_REFERENCE = '';

/** `zengin-20261102-B42.txt`: the date without dashes, the batch number in file-name-safe characters. */
export const batchFileName = (kind: string, date: string, batchNo: string | number, extension: string) =>
  `${kind}-${date.replace(/-/g, '')}-${String(batchNo).replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}`;

/** The text helpers the bank files share with the contract's name checks (src/contract/text.ts). */
export { graphemes, unwritable } from '../../../../src/contract/text';
