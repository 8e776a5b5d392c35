import { ALL_CALLS } from '../contract/calls';
import type { FileCall } from '../contract/call';
import type { ListExport } from '../contract/lists/define';
import type { ExportPaths } from '../services/exports';

const fileCall = (path: string): FileCall => {
  const decl = ALL_CALLS.find((c): c is FileCall => c.path === path && c.kind === 'file');
  if (!decl) throw new Error(`${path} is not a declared file call (src/contract/calls)`);
  return decl;
};

/** A list's two export calls, as src/contract/calls declares them (from the list's paths). */
export const exportCallsOf = (exports: ListExport): ExportPaths => ({
  excel: fileCall(exports.paths.excel),
  csv: fileCall(exports.paths.csv),
});
