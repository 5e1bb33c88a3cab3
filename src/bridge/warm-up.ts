// A setup file of the suites: everything a run loads or compiles once is done here, before the
// first request, so that start-up is not billed to the first checks (and the bench can tell
// the two apart). The imports load the modules; the catalog pulls in every check and arbitrary.
import 'fast-check';
import '../http/undici.ts';
import '../checks/catalog.ts';
import { compileSchemas } from '../contract/schemas.ts';

compileSchemas();
