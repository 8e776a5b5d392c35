import type { AnyStateMachine } from 'xstate';
import type { TestMap } from './effects';
import { exportJobMachine, exportJobTestMap } from './exportJob';
import { fileUploadMachine, fileUploadTestMap } from './fileUpload';
import { globalSearchMachine, globalSearchTestMap } from './globalSearch';
import { listQueryMachine, listQueryTestMap } from './listQuery';
import { passwordChangeMachine, passwordChangeTestMap } from './passwordChange';
import { payerMachine, payerTestMap } from './payer';
import { preOrderMachine, preOrderTestMap } from './preOrder';
import { preOrderWatchMachine, preOrderWatchTestMap } from './preOrderWatch';
import { refundMachine, refundTestMap } from './refund';
import { refundApprovalMachine, refundApprovalTestMap } from './refundApproval';
import { operatorActionMachine, operatorActionTestMap } from './operatorAction';
import { payoutBatchMachine, payoutBatchTestMap } from './payoutBatch';
import { rootMachine, rootTestMap } from './root';
import { secondFactorMachine, secondFactorTestMap } from './secondFactor';
import { sessionMachine, sessionTestMap } from './session';
import { settlementCheckoutMachine, settlementCheckoutTestMap } from './settlementCheckout';
import { statementImportMachine, statementImportTestMap } from './statementImport';

/**
 * Every workflow machine of the console, once. Diagrams (`npm run statecharts`) and the
 * registry test read this list: a new machine joins them by being added here.
 */
export interface MachineEntry {
  /** File name of its diagram: docs/statecharts/<name>.md. */
  name: string;
  title: string;
  /** One sentence on the workflow, for analysts. */
  description: string;
  machine: AnyStateMachine;
  testMap: TestMap;
}

export const MACHINES: readonly MachineEntry[] = [
  {
    name: 'root',
    title: 'Console (root actor)',
    description:
      'The root of the console’s one actor system: it runs the session (system id session) and the workflows a screen opens — the refund (refund), the refund approval (refundApproval), the password change (passwordChange), the create dialog of a pre-order or URL payment (preOrder) the settlement list’s Pay out dialog (settlementCheckout) and a reconciliation screen’s Import statement dialog (statementImport) — which reach the session and each other through the system. A refund or an approval waiting for the refund password’s change outlives its screen; every other workflow ends with its screen.',
    machine: rootMachine,
    testMap: rootTestMap,
  },
  {
    name: 'session',
    title: 'Session',
    description:
      'The signed-in session: login with a verification code, the second factor (invoked: see Second factor), restoring the session on reload, storing every token the server sends, the idle warning before the server’s idle timeout, expiry, logout with confirmation, switching account and changing the working language.',
    machine: sessionMachine,
    testMap: sessionTestMap,
  },
  {
    name: 'secondFactor',
    title: 'Second factor (MFA)',
    description:
      'The second factor after a right password (TOTP, PCI DSS 8.4): a code of the authenticator app or a single-use recovery code; or, for a role that requires MFA and an account without it, the enrolment: QR code, a code to confirm it and ten recovery codes shown once. Too many wrong codes lock the account like wrong passwords.',
    machine: secondFactorMachine,
    testMap: secondFactorTestMap,
  },
  {
    name: 'listQuery',
    title: 'List query',
    description:
      'Every list screen’s cycle: the filters, page and sort live in the URL; they are checked (date ranges of at most 31 or 75 days) before the page is loaded, and the result is shown as rows, as “no data”, or as a failure with retry.',
    machine: listQueryMachine,
    testMap: listQueryTestMap,
  },
  {
    name: 'globalSearch',
    title: 'Global search',
    description:
      'The top bar’s search (command palette, opened with / or Ctrl-K): a text of two characters or more is searched after a pause in the typing (never a call per keystroke) — orders, refunds, URL payments, pre-orders, settlements, payout batches and companies by number or name, all time, within the screens and scope of the user — and the results grouped by kind, “nothing found” or the failure with a retry are shown; typing again starts over.',
    machine: globalSearchMachine,
    testMap: globalSearchTestMap,
  },
  {
    name: 'passwordChange',
    title: 'Password change',
    description:
      'Changing the login password or the refund password: the form is sent, refused with the server’s reasons or accepted; after a refund-password change the user must log in again.',
    machine: passwordChangeMachine,
    testMap: passwordChangeTestMap,
  },
  {
    name: 'refund',
    title: 'Refund',
    description:
      'A refund from the order detail: amount (full or partial, at most the refundable remainder), full-refund flag and remark, then the refund password; the server makes it, refuses it (above the remainder, wrong password with the tries left, refunds locked until a time) or fails, and the brand’s outcome is followed with getOrderSync until the refund succeeds or fails; above the company’s approval threshold the refund is sent for approval instead.',
    machine: refundMachine,
    testMap: refundTestMap,
  },
  {
    name: 'refundApproval',
    title: 'Refund approval',
    description:
      'The second user’s decision on a refund above the approval threshold (maker-checker): approve it with their own refund password (the server then refunds at the brand; wrong password with the tries left, locked, reset) or reject it with a reason the requester sees; the requester’s own request and a refund already decided are refused by the server. An approver whose refund password was reset is sent to change it and, after signing in again, comes back to the approval at its password step.',
    machine: refundApprovalMachine,
    testMap: refundApprovalTestMap,
  },
  {
    name: 'operatorAction',
    title: 'Operator actions (administrator)',
    description:
      'An administrator acts on accounts of the operator list: deletes the ticked ones, or resets one’s login password, refund password or two-step verification. A confirmation, then the server’s call; a new password is shown once (the account must change it at first use) and forgotten when the dialog closes, as a new account’s first password is; a refusal keeps the confirmation to try again or cancel.',
    machine: operatorActionMachine,
    testMap: operatorActionTestMap,
  },
  {
    name: 'preOrder',
    title: 'Pre-order / URL payment',
    description:
      'A pre-order or URL payment from the draft to its end: created with its pay link and QR code (copy, download, close), then used up (payments counted against its use times), expired after its validity hours, or closed.',
    machine: preOrderMachine,
    testMap: preOrderTestMap,
  },
  {
    name: 'preOrderWatch',
    title: 'Pre-order watch',
    description:
      'Invoked by the pre-order while its link is open (and while a close is being confirmed): the row is read again every 5 s and each payment seen since the last read is reported to the pre-order (USED), whose last use ends the link; a failed read is tried again at the next tick.',
    machine: preOrderWatchMachine,
    testMap: preOrderWatchTestMap,
  },
  {
    name: 'payer',
    title: 'Payer’s page',
    description:
      'The public page a payer opens from a payment link or QR code (/qrcode): the payment is loaded (or the link is missing or invalid), the payer picks a brand and pays or cancels in the sandbox wallet, and the page asks again every 1.5 s until the brand settles it — paid, failed, expired or closed — or says after two minutes that the outcome is not known yet; a pre-order whose payment failed can be paid again while it has uses left.',
    machine: payerMachine,
    testMap: payerTestMap,
  },
  {
    name: 'settlementCheckout',
    title: 'Settlement checkout (payout)',
    description:
      'The Pay out dialog of the merchant and agency settlement lists: the ticked settlements are read as the server sees them now (what can be paid, what cannot and why, totals per currency), the operator leaves some out, reviews each transfer and picks the transfer date (a bank business day), and authorises the payout batch with the refund password. The server makes the batch with its bank files (Zengin for JPY, SWIFT for other currencies), or refuses it: another operator paid some out first (which ones; the selection is read again), or the refund password is wrong (tries left), locked or must be changed first. A failure is retried with the same batch key, so one payout never makes two batches.',
    machine: settlementCheckoutMachine,
    testMap: settlementCheckoutTestMap,
  },
  {
    name: 'payoutBatch',
    title: 'Payout batch (mark remitted, reverse)',
    description:
      'An action on one payout batch of the merchant and agency settlement lists’ Payout batches tab, offered only while the batch awaits the bank (a remitted or reversed batch offers nothing; the server refuses it too): Mark remitted once the bank confirmed the transfers — before the batch’s transfer date (business day, Asia/Tokyo) the confirmation warns and waits until the operator ticks that the bank has transferred it — or, for an admin, Reverse a batch the bank rejected, with the reason. The server does it (the list reloads), or refuses it because another operator moved the batch on first (where it stands; the list reloads), or fails (try again or cancel).',
    machine: payoutBatchMachine,
    testMap: payoutBatchTestMap,
  },
  {
    name: 'statementImport',
    title: 'Statement import',
    description:
      'The Import statement dialog of the reconciliation result screens: the operator uploads a brand’s statement file (the brand and business day chosen or taken from the file); the server refuses it at once with field errors (too large, not text, another brand’s statement) or queues the import, which the dialog reads every second — queued, reading the file, matching — until it ends: matched (rows per result code, or nothing changed for the same file again), refused at a line with the reason (the day is 400 for the brand), or failed (try again). Closing it leaves the import running on the server.',
    machine: statementImportMachine,
    testMap: statementImportTestMap,
  },
  {
    name: 'exportJob',
    title: 'Export',
    description:
      'One Excel or CSV export: the request, the file streamed with progress and saved under the server’s file name; a reply without a file-name header is JSON whose resultMessage is shown; the user may cancel and retry.',
    machine: exportJobMachine,
    testMap: exportJobTestMap,
  },
  {
    name: 'fileUpload',
    title: 'File upload',
    description:
      'A dialog that sends one file in one request — the bank deposits import, the bulk creation of URL payments or pre-orders: the user chooses the file (and, where there are several, the company), sends it, and the server takes it (a toast says what was done and the dialog closes) or refuses it: at the file field, or with every bad row, nothing changed, until another file is chosen or it is sent again. Sending without a file asks for one; Cancel closes the dialog except while the file is being sent.',
    machine: fileUploadMachine,
    testMap: fileUploadTestMap,
  },
];
