import type { AnyStateMachine } from 'xstate';
import type { TestMap } from './effects';
import { listQueryMachine, listQueryTestMap } from './listQuery';
import { passwordChangeMachine, passwordChangeTestMap } from './passwordChange';
import { sessionMachine, sessionTestMap } from './session';

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
    name: 'session',
    title: 'Session',
    description:
      'The signed-in session: login with a verification code, restoring the session on reload, storing every token the server sends, the idle warning before the server’s idle timeout, expiry, logout with confirmation, switching account and changing the working language.',
    machine: sessionMachine,
    testMap: sessionTestMap,
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
    name: 'passwordChange',
    title: 'Password change',
    description:
      'Changing the login password or the refund password: the form is sent, refused with the server’s reasons or accepted; after a refund-password change the user must log in again.',
    machine: passwordChangeMachine,
    testMap: passwordChangeTestMap,
  },
];
