/** One line of an audit row's change: a field and its value before and after. */
export interface DiffLine {
  path: string;
  before: string;
  after: string;
  changed: boolean;
}

const show = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of two snapshots side by side, nested objects as dotted paths (arrays stay
 * whole: a UBO list is one value). Snapshots that are not objects give one line.
 */
export function diffSnapshots(before: unknown, after: unknown, prefix = ''): DiffLine[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    if (before == null && after == null) return [];
    const b = show(before ?? undefined);
    const a = show(after ?? undefined);
    return [{ path: prefix || '—', before: b, after: a, changed: b !== a }];
  }
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(b[key]) || isPlainObject(a[key])) return diffSnapshots(b[key], a[key], path);
    const bs = show(b[key]);
    const as = show(a[key]);
    return [{ path, before: bs, after: as, changed: bs !== as }];
  });
}
