import { crashSuite } from './crash-suite';

crashSuite('postgres');
