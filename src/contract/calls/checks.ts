import { call, reply } from '../call';
import { CheckDataInput, type CheckDataReply } from '../checks';

/** The checks calls (docs/api.md). */
export const checksCalls = {
  checkDataExist: call('/checkDataExist', {
    access: 'session',
    input: CheckDataInput,
    reply: reply<CheckDataReply>(),
  }),
} as const;
