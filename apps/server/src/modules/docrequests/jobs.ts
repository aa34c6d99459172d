// The document requests' share of the minute (docs/architecture.md, "Jobs"): hospitals' PDFs whose delivery to the
// insurer is due (a first attempt that failed, or one lost in a crash between the answer and its delivery), and
// patients to tell of requests their hospital has not answered in DOCUMENT_REQUEST_PATIENT_DAYS, and the requests past
// their period (retention.ts).
import type { AppContext } from '../../context.js';
import type { JobModule } from '../../jobs/runtime.js';
import { deliverDue } from './answer.js';
import { tellOverdue } from './notice.js';
import { purgeDocumentRequests } from './retention.js';

export const docrequestJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    while ((await deliverDue(ctx)) > 0) {
      /* until nothing is due */
    }
    await tellOverdue(ctx);
    await purgeDocumentRequests(ctx, ctx.clock.now());
  },
});
