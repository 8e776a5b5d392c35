import { listAgents, listCompanies, listProviders } from '../../services/org';
import { useLoad } from '../../app/useLoad';

/** Picker lists for filters and forms: only what the caller's scope holds (the server decides). */
export const useProviderOptions = () => useLoad(listProviders, []);
export const useAgentOptions = () => useLoad(() => listAgents(), []);
export const useCompanyOptions = () => useLoad(() => listCompanies(), []);
