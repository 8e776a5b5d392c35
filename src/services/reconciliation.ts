import { reconciliationCalls } from '../contract/calls/reconciliation';
import type { ReconGroup, ReconResultsQuery, ReconRunsQuery, ResolveInput } from '../contract/reconciliation';
import { api } from './api';

/** Reconciliation results (docs/api.md, "Reconciliation"): the check pages' calls per group. */

type Query = Record<string, unknown>;

/** One page of a group's days list (its filters, paging and sorting from the URL). */
export const pageReconDays = (group: ReconGroup, query: Query) =>
  api.call(reconciliationCalls[group].page, query);

/** A brand-day's current results, paged, by code and open / resolved. */
export const reconResults = (group: ReconGroup, query: ReconResultsQuery) =>
  api.call(reconciliationCalls[group].results, query);

/** A brand-day's runs, newest first. */
export const reconRuns = (group: ReconGroup, query: ReconRunsQuery) =>
  api.call(reconciliationCalls[group].runs, query);

/** Resolves an exception. Silent: the dialog puts a refusal at its fields or above them. */
export const resolveException = (group: ReconGroup, input: ResolveInput) =>
  api.call(reconciliationCalls[group].resolve, input, { silent: true });
