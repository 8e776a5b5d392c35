import { terminalsCalls } from '../contract/calls/terminals';
import { api } from './api';

/** /system/terminal/* (docs/api.md): the gateway registers devices; the console lists and locks them. */
export const pageTerminals = (query: Record<string, unknown>) => api.call(terminalsCalls.page, query);

export const setTerminalStatus = (id: number, lock: boolean) =>
  api.call(lock ? terminalsCalls.lock : terminalsCalls.unlock, { id });
