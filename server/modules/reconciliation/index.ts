/**
 * Reconciliation against brand statements (issue #16). For now only its foundation: the brand
 * statement file formats (formats/index.ts), pure functions with no wiring.
 */
export * from './formats';
