/**
 * The console's code loads the reader's catalogue before it shows anything (src/main.tsx,
 * src/i18n/load.ts); in the tests it runs in Node, where every language's catalogue is
 * registered at once by importing the catalogues (src/i18n/index.ts), as the server does.
 */
import '../../src/i18n';
