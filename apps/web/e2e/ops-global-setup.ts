// Before the browser tests (playwright.config.ts globalSetup): the console's admins from before (OPERATOR_LOGIN_ID at
// start, and the approver) sign in once through the API, setting up their second factors, and their sessions are kept
// in files for the tests' helper (ops.ts), which adds an account of its own per test with them, so no two tests share
// one account's codes.
import { OPS_ADMIN, OPS_APPROVER, signInKept } from './ops';

export default async function globalSetup() {
  await signInKept(OPS_ADMIN, 'admin');
  await signInKept(OPS_APPROVER, 'approver');
}
