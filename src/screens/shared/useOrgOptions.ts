import { listAgents, listCompanies, listProviders } from '../../services/org';
import { useLoad } from '../../app/useLoad';

/** Picker lists for filters and forms: only what the caller's scope holds (the server decides). */
export const useProviderOptions = () => useLoad(listProviders, []);
/** The agencies in scope; `needed` false (a screen with no agency picker) asks nothing. */
export const useAgentOptions = (needed = true) =>
  useLoad(() => (needed ? listAgents() : Promise.resolve([])), [needed]);
export const useCompanyOptions = () => useLoad(() => listCompanies(), []);
