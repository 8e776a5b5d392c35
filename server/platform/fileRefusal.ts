import type { KeysUnder } from '../../src/i18n';

/**
 * A refusal of an uploaded file: `key` is a message of server.uploads and its values are
 * plain data, so that it can cross from the worker that reads the file.
 */
export class FileRefusal extends Error {
  constructor(
    readonly key: KeysUnder<'server.uploads'>,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'FileRefusal';
  }
}
