export { foldSummaryDeltas, summaryDifferences, setBusinessZone, type SummaryDifference } from './store';
export { summaryJobs } from './jobs';
