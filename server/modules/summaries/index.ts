export {
  companyRollupDifferences,
  foldSummaryDeltas,
  summaryDifferences,
  setBusinessZone,
  type SummaryDifference,
} from './store';
export {
  countFromSummaries,
  summaryCount,
  type SummaryCells,
  type SummaryCount,
  type SummaryPeriod,
} from './totals';
export { summaryJobs } from './jobs';
