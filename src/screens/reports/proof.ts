import { PROOF_STATES } from '../../contract/reports';

/** The proof states' colours, from "paid only" (grey) to "paid out" (green): the dashboard's and the reports'. */
export const PROOF_COLOURS: Record<(typeof PROOF_STATES)[number], string> = {
  provisional: 'gray.400',
  matched: 'blue.500',
  settled: 'purple.500',
  paidOut: 'green.600',
};
