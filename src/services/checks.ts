import { checksCalls } from '../contract/calls/checks';
import type { CheckDataInput, CheckType } from '../contract/checks';
import { api } from './api';

export type { CheckType };

/**
 * /checkDataExist (spec point 5): whether a value is already taken. Silent: a failed check
 * blocks nothing (save checks again), so the form just shows no message.
 */
export async function dataExists(input: CheckDataInput): Promise<boolean> {
  const reply = await api.call(checksCalls.checkDataExist, input, { silent: true });
  return reply.exists;
}
