import { crashSuite } from './crash-suite';

crashSuite('pglite');
