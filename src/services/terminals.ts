import type { Page } from '../contract/envelope';
import type { TerminalRow } from '../contract/terminals';
import { api } from './api';

/** /system/terminal/* (docs/api.md): the gateway registers devices; the console lists and locks them. */
export const pageTerminals = (query: Record<string, unknown>) =>
  api.call<Page<TerminalRow>>('/system/terminal/page', query);

export const setTerminalStatus = (id: number, lock: boolean) =>
  api.call<TerminalRow>(`/system/terminal/${lock ? 'lock' : 'unlock'}`, { id });
