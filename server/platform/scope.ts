import { roleLevel } from '../../src/contract/roles';
import type { Principal } from './principal';

/**
 * The part of the tenant tree a caller may read. Every query over tenant data takes it as
 * input; a missing organisation id means the caller sees nothing rather than everything.
 */
export type Scope =
  | { level: 'system' }
  | { level: 'serviceProvider'; serviceProviderId: number }
  | { level: 'company'; companyId: number }
  | { level: 'agent'; agentId: number }
  | { level: 'none' };

export function scopeOf(p: Principal): Scope {
  switch (roleLevel(p.operatorType)) {
    case 'system':
      return { level: 'system' };
    case 'serviceProvider':
      return p.serviceProviderId
        ? { level: 'serviceProvider', serviceProviderId: p.serviceProviderId }
        : { level: 'none' };
    case 'company':
      return p.companyId ? { level: 'company', companyId: p.companyId } : { level: 'none' };
    case 'agent':
      return p.agentId ? { level: 'agent', agentId: p.agentId } : { level: 'none' };
  }
}
