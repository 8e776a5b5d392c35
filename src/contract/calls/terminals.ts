import { call, reply } from '../call';
import type { TerminalRow } from '../terminals';
import { TERMINAL_LIST, TerminalPageQuery } from '../lists/terminals';
import { type Page } from '../envelope';
import { IdInput, type StatusChanged } from '../fields';

/** The terminals calls (docs/api.md). */
export const terminalsCalls = {
  page: call(TERMINAL_LIST.path, {
    access: TERMINAL_LIST.route,
    input: TerminalPageQuery,
    reply: reply<Page<TerminalRow>>(),
  }),
  lock: call('/system/terminal/lock', {
    access: '/setup/payment',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  unlock: call('/system/terminal/unlock', {
    access: '/setup/payment',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
} as const;
